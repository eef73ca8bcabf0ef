package main

import "fmt"

func main() {
	fmt.Println(min(3, 1, 2), max(3, 1, 2))
	fmt.Println(min(2.5, 1), max("apple", "banana"))
	xs := []int{5, -2, 9}
	m := xs[0]
	for _, x := range xs {
		m = max(m, x)
	}
	fmt.Println(m)
	var a, b uint8 = 200, 100
	fmt.Println(min(a, b), max(a, b))
}
