// Range over an integer: untyped constant, variable, expression, no variable at all.
package main

import "fmt"

func main() {
	for i := range 3 {
		fmt.Println("i =", i)
	}
	n := 2
	for i := range n + 1 {
		fmt.Print(i, " ")
	}
	fmt.Println()
	count := 0
	for range 5 {
		count++
	}
	fmt.Println("count", count)
	s := []string{"a", "b", "c"}
	for i := range len(s) {
		fmt.Print(s[len(s)-1-i])
	}
	fmt.Println()
	for i := range 0 {
		fmt.Println("never", i)
	}
}
