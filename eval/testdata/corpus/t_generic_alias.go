// Generic type aliases (Go 1.24).
package main

import "fmt"

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type Entry[V any] = Pair[string, V]

type Set[T comparable] = map[T]bool

func main() {
	e := Entry[int]{"a", 1}
	var p Pair[string, int] = e
	fmt.Println(p.Key, p.Val)
	s := Set[string]{"x": true}
	s["y"] = true
	fmt.Println(len(s), s["x"])
	fmt.Printf("%T\n", e)
}
