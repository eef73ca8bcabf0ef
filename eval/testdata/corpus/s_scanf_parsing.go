package main

import (
	"fmt"
)

func main() {
	var name string
	var age int
	var score float64
	n, err := fmt.Sscanf("alice 30 91.5", "%s %d %f", &name, &age, &score)
	fmt.Println(n, err, name, age, score)
	var a, b int
	fmt.Sscan("7 8", &a, &b)
	fmt.Println(a * b)
	var x, y int
	_, err = fmt.Sscanf("12,x", "%d,%d", &x, &y)
	fmt.Println(x, err != nil)
}
