package main

import (
	"fmt"
	"strconv"
)

func Convert[To, From any](xs []From, f func(From) To) []To {
	out := make([]To, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func Id[T any](x T) T { return x }

func Apply(f func(int) int, v int) int { return f(v) }

func Double[T int | float64](x T) T { return x * 2 }

func main() {
	s := Convert[string]([]int{1, 2}, strconv.Itoa)
	fmt.Println(s, len(s))
	var f func(string) string = Id
	fmt.Println(f("x"), Apply(Double, 21), Apply(Id, 5))
	fs := []func(float64) float64{Double[float64], Id[float64]}
	fmt.Println(fs[0](1.5), fs[1](2.5))
}
