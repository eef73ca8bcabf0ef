// Comparing interface values of different named types with the same underlying value.
package main

import "fmt"

type Meters float64
type Feet float64
type ID int
type Count int

func main() {
	var a, b any = Meters(3), Feet(3)
	fmt.Println(a == b)
	fmt.Println(a == any(Meters(3)))
	var x, y any = ID(7), Count(7)
	fmt.Println(x == y, x == any(7))
	_, ok := x.(Count)
	fmt.Println(ok)
}
