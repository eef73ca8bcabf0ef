// Generic type inference with variadic arguments and constraints.
package main

import "fmt"

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

func Of[T any](xs ...T) []T { return xs }

func Max[T int | float64 | string](first T, rest ...T) T {
	m := first
	for _, r := range rest {
		if r > m {
			m = r
		}
	}
	return m
}

type Score int

func main() {
	fmt.Println(Sum(1, 2, 3))
	fmt.Println(Sum(1.5, 2.25))
	fmt.Println(Sum[int64]())
	fmt.Println(Sum(Score(4), Score(5)))
	fmt.Println(Of("a", "b", "c"), len(Of(1)))
	fmt.Println(Max(3, 9, 2), Max("kiwi", "apple"), Max(2.5))
	xs := []float64{1, 2, 3.5}
	fmt.Println(Sum(xs...))
}
