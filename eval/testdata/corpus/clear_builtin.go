// The clear builtin on maps and slices.
package main

import "fmt"

func main() {
	m := map[string]int{"a": 1, "b": 2}
	alias := m
	clear(m)
	fmt.Println(len(m), len(alias), m)
	m["c"] = 3
	fmt.Println(m)
	s := []int{1, 2, 3, 4}
	clear(s[1:3])
	fmt.Println(s, len(s))
	words := []string{"x", "y"}
	clear(words)
	fmt.Printf("%q\n", words)
	type P struct{ X, Y int }
	ps := []P{{1, 2}, {3, 4}}
	clear(ps)
	fmt.Println(ps)
}
