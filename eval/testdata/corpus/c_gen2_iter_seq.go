package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

type List[T any] struct {
	head *elem[T]
	size int
}

type elem[T any] struct {
	v    T
	next *elem[T]
}

func FromSlice[T any](xs []T) *List[T] {
	l := &List[T]{}
	for i := len(xs) - 1; i >= 0; i-- {
		l.head = &elem[T]{xs[i], l.head}
		l.size++
	}
	return l
}

func (l *List[T]) All() iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		i := 0
		for e := l.head; e != nil; e = e.next {
			if !yield(i, e.v) {
				return
			}
			i++
		}
	}
}

func Values[T any](l *List[T]) iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, v := range l.All() {
			if !yield(v) {
				return
			}
		}
	}
}

func Take[T any](seq iter.Seq[T], n int) []T {
	var out []T
	for v := range seq {
		if len(out) == n {
			break
		}
		out = append(out, v)
	}
	return out
}

func main() {
	l := FromSlice([]string{"a", "b", "c", "d"})
	for i, v := range l.All() {
		if i == 2 {
			break
		}
		fmt.Print(i, ":", v, " ")
	}
	fmt.Println(l.size)
	fmt.Println(Take(Values(l), 3), slices.Collect(Values(FromSlice([]int{3, 1, 2}))))
	upper := strings.ToUpper(strings.Join(slices.Collect(Values(l)), ""))
	counts := map[string]int{"x": 1, "y": 2}
	keys := slices.Sorted(maps.Keys(counts))
	fmt.Println(upper, keys)
}
