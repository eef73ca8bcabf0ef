// An assignment to an element out of range: Go evaluates the right-hand side first and
// panics when it assigns (the spec's two phases of an assignment), so what the
// right-hand side prints comes before the panic.
package main

import "fmt"

func next() int {
	fmt.Println("right-hand side runs")
	return 1
}

func main() {
	defer func() { fmt.Println("recovered:", recover()) }()
	m := map[string]int{}
	m["k"] = next()
	var s []int
	s[len(s)] = next()
	fmt.Println("not reached")
}
