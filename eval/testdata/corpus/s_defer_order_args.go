package main

import "fmt"

func counter() (n int) {
	defer func() { n *= 2 }()
	n = 5
	return n + 1
}

func main() {
	for i := range 3 {
		defer fmt.Println("deferred", i)
	}
	x := 10
	defer fmt.Println("x at defer time:", x)
	x = 20
	fmt.Println(counter())
	fmt.Println("end of main, x =", x)
}
