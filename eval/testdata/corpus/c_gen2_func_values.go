package main

import (
	"fmt"
	"strings"
)

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s *Stack[T]) Len() int { return len(s.items) }

func Memo[K comparable, V any](f func(K) V) (func(K) V, *int) {
	cache := map[K]V{}
	misses := 0
	return func(k K) V {
		if v, ok := cache[k]; ok {
			return v
		}
		misses++
		v := f(k)
		cache[k] = v
		return v
	}, &misses
}

func Compose[A, B, C any](f func(A) B, g func(B) C) func(A) C {
	return func(a A) C { return g(f(a)) }
}

func Count[T any](xs []T, pred func(T) bool) (n int) {
	for _, x := range xs {
		if pred(x) {
			n++
		}
	}
	return
}

func Not[T any](pred func(T) bool) func(T) bool {
	return func(v T) bool { return !pred(v) }
}

func main() {
	var s Stack[string]
	push := s.Push
	push("a")
	push("b")
	pushTo := (*Stack[string]).Push
	pushTo(&s, "c")
	fmt.Println(s.Len(), s.items)
	sq, misses := Memo(func(n int) int { return n * n })
	fmt.Println(sq(4), sq(4), sq(5), *misses)
	shout := Compose(strings.TrimSpace, strings.ToUpper)
	size := Compose(shout, func(s string) int { return len(s) })
	fmt.Println(shout("  hi "), size(" abc  "))
	isEmpty := func(s string) bool { return s == "" }
	xs := []string{"a", "", "b", ""}
	fmt.Println(Count(xs, isEmpty), Count(xs, Not(isEmpty)))
	counters := map[string]*Stack[int]{}
	for i, k := range []string{"x", "y", "x"} {
		if counters[k] == nil {
			counters[k] = &Stack[int]{}
		}
		counters[k].Push(i)
	}
	fmt.Println(counters["x"].items, counters["y"].Len())
}
