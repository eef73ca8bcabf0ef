package main

import "fmt"

// Array lengths, array literal keys, make sizes and indexes given by untyped float or
// complex constants of integer value (Go's test fixedbugs/bug254.go: var b [1e1]int).

const n = 2.0
const c = 3 + 0i

const k int = 4

var a [1e1]int
var b [n * 2]string
var d [c]byte
var e [k]int

func main() {
	x := make([]int, 1e2, 2e2)
	y := [...]int{1e0: 5, 2.0: 7}
	var z [n]float64
	fmt.Println(len(a), len(b), len(d), len(e), len(x), cap(x), y, len(z))
	s := []int{0, 1, 2, 3, 4}
	fmt.Println(s[1.0:3e0], s[2.0], [c]int{c - 1: 9})
}
