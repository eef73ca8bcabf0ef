package main

import "fmt"

type Matrix[T ~int | ~float64] [][]T

func Identity[T ~int | ~float64](n int) Matrix[T] {
	m := make(Matrix[T], n)
	for i := range m {
		m[i] = make([]T, n)
		m[i][i] = 1
	}
	return m
}

func (m Matrix[T]) Mul(o Matrix[T]) Matrix[T] {
	n := len(m)
	r := make(Matrix[T], n)
	for i := range n {
		r[i] = make([]T, len(o[0]))
		for j := range o[0] {
			for k := range o {
				r[i][j] += m[i][k] * o[k][j]
			}
		}
	}
	return r
}

func (m Matrix[T]) Trace() T {
	var t T
	for i := range m {
		t += m[i][i]
	}
	return t
}

type Set[T comparable] = map[T]bool

type IntMatrix = Matrix[int]

func main() {
	a := Matrix[int]{{1, 2}, {3, 4}}
	fmt.Println(a.Mul(Identity[int](2)), a.Mul(a), a.Mul(a).Trace())
	f := Matrix[float64]{{0.5, 0}, {0, 2}}
	fmt.Println(f.Mul(f), f.Trace())
	var im IntMatrix = Identity[int](3)
	fmt.Println(im.Trace())
	fmt.Printf("%T %T\n", im, f)
	s := Set[string]{"a": true}
	s["b"] = true
	fmt.Println(len(s), s["a"], s["c"])
	fmt.Printf("%T\n", s)
}
