package main

import "fmt"

const Cd = (10 + 6i) / (5 + 12i)

func main() {
	var f float32 = 0.1
	fmt.Println(f == 0.1, f != 0.1)
	var c complex64 = Cd
	fmt.Println(c == Cd, c != Cd)
	var c5, c6 complex64 = 10 + 6i, 5 + 12i
	cd := c5 / c6
	fmt.Println(cd == Cd, cd != Cd, cd)
	x := complex64(Cd)
	fmt.Println(x == Cd)
}
