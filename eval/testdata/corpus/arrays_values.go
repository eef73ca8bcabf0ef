// Arrays are values: assignment copies, comparison, arrays of arrays.
package main

import "fmt"

func modify(a [3]int) [3]int {
	a[0] = 99
	return a
}

func main() {
	a := [3]int{1, 2, 3}
	b := a
	b[1] = 20
	fmt.Println(a, b, a == b)
	c := modify(a)
	fmt.Println(a, c)
	var grid [2][3]string
	grid[1][2] = "x"
	fmt.Println(grid, len(grid), len(grid[0]))
	d := [...]string{2: "c", 0: "a"}
	fmt.Printf("%q %d\n", d, len(d))
	p := &a
	p[2] = 30
	fmt.Println(a)
	for i, v := range a {
		fmt.Print(i, "=", v, " ")
	}
	fmt.Println()
}
