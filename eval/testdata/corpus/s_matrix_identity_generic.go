package main

import (
	"fmt"
)

type Number interface{ ~int | ~float64 }

func Identity[T Number](n int) [][]T {
	m := make([][]T, n)
	for i := range m {
		m[i] = make([]T, n)
		m[i][i] = 1
	}
	return m
}

func Trace[T Number](m [][]T) T {
	var t T
	for i := range m {
		t += m[i][i]
	}
	return t
}

func main() {
	fmt.Println(Identity[int](3), Trace(Identity[float64](4)))
}
