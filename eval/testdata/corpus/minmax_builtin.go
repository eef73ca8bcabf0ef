// The min and max builtins on integers, floats, strings and constants.
package main

import "fmt"

func main() {
	a, b, c := 7, -2, 5
	fmt.Println(min(a, b, c), max(a, b, c))
	fmt.Println(min(a, 3), max(b, 0))
	x, y := 2.5, 1.25
	fmt.Println(min(x, y), max(x, y, 10))
	fmt.Println(min("pear", "apple", "fig"), max("pear", "apple"))
	const k = min(3, 1, 2)
	fmt.Println(k, max(1.5, 2))
	var u uint8 = 200
	fmt.Printf("%T %v\n", max(u, 100), max(u, 100))
	fmt.Println(min(a))
}
