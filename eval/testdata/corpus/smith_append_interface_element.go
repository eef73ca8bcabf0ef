package main

import "fmt"

// An element appended to a slice of interfaces is converted where it stands among the
// calls when gc copies it to convert it (a composite literal, an operation of a byte):
// `append(v, [2]int{s[0], 1}, g())` with g changing s[0] appends the element from
// before g. A variable and an int are read after the calls.

var s = []int{5, 5}
var x = 5

func g() int {
	s[0], x = 1, 1
	return 0
}

func reset() { s[0], x = 5, 5 }

func main() {
	v := append([]any{}, [2]int{s[0], 1}, g())
	fmt.Println("literal", v)
	reset()
	v = append(v[:0], x > 3, g())
	fmt.Println("comparison", v)
	reset()
	v = append(v[:0], x+0, g())
	fmt.Println("int", v)
	reset()
	v = append(v[:0], s, g())
	fmt.Println("slice", v)
}
