// Deferred call arguments are evaluated when the defer statement runs.
package main

import "fmt"

func trace(name string) string {
	fmt.Println("enter", name)
	return name
}

func un(name string) { fmt.Println("leave", name) }

func work() {
	defer un(trace("work"))
	fmt.Println("working")
}

func main() {
	x := 1
	defer fmt.Println("deferred x =", x)
	x = 2
	fmt.Println("x =", x)
	work()
	s := []int{1}
	defer fmt.Println("deferred len", len(s))
	s = append(s, 2, 3)
	for i := 0; i < 3; i++ {
		defer fmt.Print(i, " ")
	}
	defer fmt.Println()
}
