package main

import "fmt"

type List[T any] struct {
	head *node[T]
	size int
}

type node[T any] struct {
	val  T
	next *node[T]
}

func (l *List[T]) Push(v T) {
	l.head = &node[T]{v, l.head}
	l.size++
}

func (l *List[T]) Each(f func(T)) {
	for n := l.head; n != nil; n = n.next {
		f(n.val)
	}
}

type Pair[A, B any] struct {
	First  A
	Second B
}

func MakePair[A, B any](a A, b B) Pair[A, B] { return Pair[A, B]{a, b} }

func main() {
	var l List[string]
	l.Push("x")
	l.Push("y")
	l.Each(func(s string) { fmt.Print(s, " ") })
	fmt.Println(l.size)
	p := MakePair("age", 42)
	fmt.Printf("%v %T\n", p, p.Second)
}
