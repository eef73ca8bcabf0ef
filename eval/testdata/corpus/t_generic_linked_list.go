// A generic linked list with an iterator method (range over func).
package main

import (
	"fmt"
	"iter"
)

type List[T any] struct {
	head, tail *elem[T]
	n          int
}

type elem[T any] struct {
	val  T
	next *elem[T]
}

func (l *List[T]) Append(vs ...T) {
	for _, v := range vs {
		e := &elem[T]{val: v}
		if l.tail == nil {
			l.head = e
		} else {
			l.tail.next = e
		}
		l.tail = e
		l.n++
	}
}

func (l *List[T]) All() iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		i := 0
		for e := l.head; e != nil; e = e.next {
			if !yield(i, e.val) {
				return
			}
			i++
		}
	}
}

func main() {
	var l List[string]
	l.Append("a", "b", "c", "d")
	for i, v := range l.All() {
		if i == 3 {
			break
		}
		fmt.Println(i, v)
	}
	fmt.Println(l.n)
}
