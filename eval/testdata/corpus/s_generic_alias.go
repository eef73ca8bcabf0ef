package main

import "fmt"

type Set[T comparable] = map[T]struct{}

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type IntPair = Pair[string, int]

func main() {
	s := Set[string]{}
	s["a"] = struct{}{}
	s["b"] = struct{}{}
	_, ok := s["a"]
	fmt.Println(len(s), ok)
	p := IntPair{"x", 3}
	fmt.Println(p.Key, p.Val)
}
