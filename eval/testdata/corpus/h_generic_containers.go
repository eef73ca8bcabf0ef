package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}
func (s *Stack[T]) Len() int { return len(s.items) }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func SortedPairs[K cmp.Ordered, V any](m map[K]V) []Pair[K, V] {
	out := make([]Pair[K, V], 0, len(m))
	for k, v := range m {
		out = append(out, Pair[K, V]{k, v})
	}
	slices.SortFunc(out, func(a, b Pair[K, V]) int { return cmp.Compare(a.Key, b.Key) })
	return out
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

type Number interface {
	~int | ~int64 | ~float64
}

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func main() {
	var s Stack[string]
	for _, w := range strings.Fields("to be or not") {
		s.Push(w)
	}
	for s.Len() > 0 {
		v, _ := s.Pop()
		fmt.Print(v, " ")
	}
	_, ok := s.Pop()
	fmt.Println(ok)
	fmt.Println(SortedPairs(map[string]int{"b": 2, "a": 1, "c": 3}))
	fmt.Printf("%+v\n", SortedPairs(map[int]bool{3: true, 1: false}))
	lens := Map([]string{"go", "rust", "c"}, func(s string) int { return len(s) })
	fmt.Println(lens, Reduce(lens, 0, func(a, b int) int { return a + b }))
	fmt.Println(Sum(1.5, 2.5), Sum[int](), Sum(int64(1)<<40, 1))
	joined := Reduce([]int{1, 2, 3}, "", func(a string, n int) string { return a + fmt.Sprint(n) })
	fmt.Printf("%q %T\n", joined, s)
}
