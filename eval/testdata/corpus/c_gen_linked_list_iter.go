package main

import (
	"fmt"
	"iter"
	"strings"
)

type List[T any] struct {
	head, tail *elem[T]
	n          int
}

type elem[T any] struct {
	val  T
	next *elem[T]
}

func (l *List[T]) Append(vs ...T) *List[T] {
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
	return l
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

func MapList[T, U any](l *List[T], f func(T) U) *List[U] {
	out := &List[U]{}
	for _, v := range l.All() {
		out.Append(f(v))
	}
	return out
}

func (l *List[T]) String() string {
	var b strings.Builder
	b.WriteString("[")
	for i, v := range l.All() {
		if i > 0 {
			b.WriteString(" -> ")
		}
		fmt.Fprint(&b, v)
	}
	return b.String() + "]"
}

func main() {
	l := (&List[string]{}).Append("go", "is", "fun")
	fmt.Println(l, l.n)
	lens := MapList(l, func(s string) int { return len(s) })
	fmt.Println(lens)
	for i, v := range lens.All() {
		if i == 2 {
			break
		}
		fmt.Print(v*10, " ")
	}
	fmt.Println()
	fmt.Println(&List[float64]{})
}
