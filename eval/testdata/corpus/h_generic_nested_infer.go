package main

import "fmt"

type Pair[A, B any] struct {
	First  A
	Second B
}

func MakePair[A, B any](a A, b B) Pair[A, B] { return Pair[A, B]{a, b} }

func main() {
	p := MakePair("x", 42)
	q := MakePair(p, []int{1})
	fmt.Println(q.First.Second, len(q.Second), q.First.First)
}
