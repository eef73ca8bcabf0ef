// Closures keep their own state.
package main

import "fmt"

func counter() func() int {
	n := 0
	return func() int {
		n++
		return n
	}
}

func adder(base int) func(int) int {
	return func(x int) int { return base + x }
}

func main() {
	c1, c2 := counter(), counter()
	fmt.Println(c1(), c1(), c1(), c2())
	add5 := adder(5)
	fmt.Println(add5(10), adder(-1)(1))
	fib := func() func() int {
		a, b := 0, 1
		return func() int {
			r := a
			a, b = b, a+b
			return r
		}
	}()
	for i := 0; i < 10; i++ {
		fmt.Print(fib(), " ")
	}
	fmt.Println()
}
