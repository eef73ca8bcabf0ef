package main

import "fmt"

// A shift count that is itself a shift of an untyped constant.
func pow2pow2(x uint) int { return 1 << (1 << x) }

func tower(x int) int { return 1 << (1 << (1 << uint(x))) }

func halve(v uint) uint { return v >> ((1 >> v) + (1 >> v)) }

func main() {
	fmt.Println(pow2pow2(2), tower(2), halve(48), halve(0))
}
