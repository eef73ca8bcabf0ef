package main

import (
	"cmp"
	"fmt"
	"slices"
)

type Number interface {
	~int | ~int32 | ~int64 | ~float32 | ~float64
}

type Matrix[T Number] struct {
	rows, cols int
	data       []T
}

func NewMatrix[T Number](rows, cols int, vals ...T) Matrix[T] {
	m := Matrix[T]{rows, cols, make([]T, rows*cols)}
	copy(m.data, vals)
	return m
}

func (m Matrix[T]) At(r, c int) T { return m.data[r*m.cols+c] }

func (m Matrix[T]) Mul(o Matrix[T]) Matrix[T] {
	out := NewMatrix[T](m.rows, o.cols)
	for r := 0; r < m.rows; r++ {
		for c := 0; c < o.cols; c++ {
			var s T
			for k := 0; k < m.cols; k++ {
				s += m.At(r, k) * o.At(k, c)
			}
			out.data[r*out.cols+c] = s
		}
	}
	return out
}

func (m Matrix[T]) String() string {
	s := ""
	for r := 0; r < m.rows; r++ {
		s += fmt.Sprint(m.data[r*m.cols : (r+1)*m.cols])
	}
	return s
}

func TopK[T any, K cmp.Ordered](xs []T, k int, key func(T) K) []T {
	c := slices.Clone(xs)
	slices.SortStableFunc(c, func(a, b T) int { return cmp.Compare(key(b), key(a)) })
	return c[:min(k, len(c))]
}

type Score int32

func main() {
	a := NewMatrix(2, 2, 1, 2, 3, 4)
	id := NewMatrix[int](2, 2, 1, 0, 0, 1)
	fmt.Println(a.Mul(id), a.Mul(a))
	f := NewMatrix(1, 2, float32(0.5), 2)
	fmt.Println(f.Mul(NewMatrix[float32](2, 1, 4, 1)).At(0, 0))
	s := NewMatrix[Score](1, 1, 7)
	fmt.Printf("%v %T\n", s.Mul(s), s.At(0, 0))
	type player struct {
		name  string
		score Score
	}
	ps := []player{{"a", 3}, {"b", 9}, {"c", 5}, {"d", 9}}
	top := TopK(ps, 3, func(p player) Score { return p.score })
	fmt.Println(top, len(TopK(ps, 10, func(p player) string { return p.name })))
}
