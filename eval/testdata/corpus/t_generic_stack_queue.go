// Generic stack and queue with methods and a generic Map helper.
package main

import "fmt"

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

type Point struct{ X, Y int }

func main() {
	var s Stack[Point]
	s.Push(Point{1, 2})
	s.Push(Point{3, 4})
	p, _ := s.Pop()
	fmt.Println(p)
	strs := Map([]int{1, 2, 3}, func(i int) string { return fmt.Sprint(i * i) })
	fmt.Println(strs)
	sum := Reduce([]Point{{1, 1}, {2, 3}}, 0, func(a int, p Point) int { return a + p.X*p.Y })
	fmt.Println(sum)
	_, ok := (&Stack[string]{}).Pop()
	fmt.Println(ok)
}
