package main

import (
	"fmt"
	"slices"
)

type Pair[A, B any] struct {
	First  A
	Second B
}

type StrPair[B any] = Pair[string, B]

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

type Tree[T any] struct {
	Left, Right *Tree[T]
	Val         T
}

func (t *Tree[T]) Walk(f func(T)) {
	if t == nil {
		return
	}
	t.Left.Walk(f)
	f(t.Val)
	t.Right.Walk(f)
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func Keys[M ~map[K]V, K comparable, V any](m M) []K {
	r := make([]K, 0, len(m))
	for k := range m {
		r = append(r, k)
	}
	return r
}

type Scores map[string]int

func main() {
	p := StrPair[int]{"a", 1}
	fmt.Printf("%v %+v\n", p, p)
	var s Stack[string]
	s.Push("x")
	s.Push("y")
	v, ok := s.Pop()
	fmt.Println(v, ok, len(s.items))
	t := &Tree[int]{Val: 2, Left: &Tree[int]{Val: 1}, Right: &Tree[int]{Val: 3}}
	sum := 0
	t.Walk(func(v int) { sum += v })
	fmt.Println(sum)
	joined := Reduce([]int{1, 2, 3}, "", func(a string, x int) string { return a + fmt.Sprint(x) })
	fmt.Println(joined)
	ks := Keys(Scores{"b": 1, "a": 2})
	slices.Sort(ks)
	fmt.Println(ks)
	ip := new(int)
	*ip += 5
	fmt.Println(*ip)
	ps := &Pair[int, []string]{First: 1}
	ps.Second = append(ps.Second, "z")
	fmt.Println(ps.Second, *ps)
}
