// Generic functions with cmp.Ordered and comparable constraints.
package main

import (
	"cmp"
	"fmt"
)

func MaxOf[T cmp.Ordered](xs []T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		if x > m {
			m = x
		}
	}
	return m
}

func IndexOf[T comparable](xs []T, v T) int {
	for i, x := range xs {
		if x == v {
			return i
		}
	}
	return -1
}

func Keys[K comparable, V any](m map[K]V) int { return len(m) }

func main() {
	fmt.Println(MaxOf([]int{3, 8, 1}))
	fmt.Println(MaxOf([]string{"b", "c", "a"}))
	fmt.Println(MaxOf([]float64{-1, -0.5}))
	fmt.Println(IndexOf([]string{"x", "y", "z"}, "z"))
	fmt.Println(IndexOf([]int{1, 2}, 5))
	fmt.Println(Keys(map[string]int{"a": 1, "b": 2}))
}
