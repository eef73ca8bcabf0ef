package main

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
)

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

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
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

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s *Stack[T]) Pop() (T, error) {
	var zero T
	if len(s.items) == 0 {
		return zero, errors.New("empty stack")
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, nil
}
func (s Stack[T]) Len() int { return len(s.items) }

type Pair[K cmp.Ordered, V any] struct {
	Key K
	Val V
}

func MaxBy[K cmp.Ordered, V any](ps []Pair[K, V]) Pair[K, V] {
	best := ps[0]
	for _, p := range ps[1:] {
		if p.Key > best.Key {
			best = p
		}
	}
	return best
}

type Celsius float64

func main() {
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.25), Sum[Celsius](10, 20.5), Sum[int]())
	fmt.Println(Map([]int{1, 2, 3}, func(i int) string { return strings.Repeat("*", i) }))
	fmt.Println(Reduce([]string{"a", "b", "c"}, 0, func(n int, s string) int { return n + len(s) }))
	var st Stack[string]
	st.Push("x")
	st.Push("y")
	v, err := st.Pop()
	fmt.Println(v, err, st.Len())
	st.Pop()
	v, err = st.Pop()
	fmt.Printf("%q %v\n", v, err)
	is := &Stack[[]int]{}
	is.Push([]int{1})
	fmt.Println(is.Len(), is.items)
	fmt.Println(MaxBy([]Pair[string, int]{{"b", 1}, {"z", 2}, {"m", 3}}))
	fmt.Printf("%v %+v\n", Pair[int, bool]{1, true}, Pair[float64, []string]{2.5, []string{"q"}})
	fmt.Println(cmp.Compare(2, 1), min(3, 1, 2), max("a", "b"))
}
