// A generic linked list with an iterator method and a generic Map.
package main

import (
	"fmt"
	"iter"
)

type List[T any] struct {
	head, tail *node[T]
	n          int
}

type node[T any] struct {
	v    T
	next *node[T]
}

func (l *List[T]) Append(v T) {
	nd := &node[T]{v: v}
	if l.tail == nil {
		l.head = nd
	} else {
		l.tail.next = nd
	}
	l.tail = nd
	l.n++
}

func (l *List[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		for n := l.head; n != nil; n = n.next {
			if !yield(n.v) {
				return
			}
		}
	}
}

func main() {
	var l List[string]
	for _, s := range []string{"x", "y", "z"} {
		l.Append(s)
	}
	fmt.Println(l.n)
	for v := range l.All() {
		fmt.Print(v, ";")
	}
	fmt.Println()
	var nums List[int]
	for i := range 5 {
		nums.Append(i * i)
	}
	total := 0
	for v := range nums.All() {
		total += v
	}
	fmt.Println(total)
}
