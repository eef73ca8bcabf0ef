package main

import (
	"fmt"
	"sort"
	"strings"
)

type Number interface {
	~int | ~int64 | ~float64
}

type Celsius float64

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
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

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

func SortedPairs[K comparable, V any](m map[K]V, less func(a, b K) bool) []Pair[K, V] {
	ps := make([]Pair[K, V], 0, len(m))
	for k, v := range m {
		ps = append(ps, Pair[K, V]{k, v})
	}
	sort.Slice(ps, func(i, j int) bool { return less(ps[i].Key, ps[j].Key) })
	return ps
}

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

func main() {
	words := strings.Fields("go is a fun language to learn")
	lens := Map(words, func(s string) int { return len(s) })
	fmt.Println(lens)
	long := Filter(words, func(s string) bool { return len(s) > 2 })
	fmt.Println(long, len(long))
	total := Reduce(lens, 0, func(a, b int) int { return a + b })
	joined := Reduce(words, "", func(a string, w string) string { return a + strings.ToUpper(w[:1]) })
	fmt.Println(total, joined)
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.25), Sum[Celsius](20, 1.5))
	fmt.Printf("%T\n", Sum[Celsius](1))
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	ps := SortedPairs(m, func(a, b string) bool { return a < b })
	fmt.Println(ps, ps[0])
	var st Stack[string]
	st.Push("x")
	st.Push("y")
	v, ok := st.Pop()
	fmt.Println(v, ok)
	st.Pop()
	v, ok = st.Pop()
	fmt.Printf("%q %v\n", v, ok)
	strs := Map([]int{1, 2}, func(i int) string { return fmt.Sprint(i * i) })
	fmt.Printf("%q %T\n", strs, strs)
}
