package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

func Fib() iter.Seq[int] {
	return func(yield func(int) bool) {
		a, b := 0, 1
		for {
			if !yield(a) {
				return
			}
			a, b = b, a+b
		}
	}
}

func Take[T any](seq iter.Seq[T], n int) iter.Seq[T] {
	return func(yield func(T) bool) {
		if n <= 0 {
			return
		}
		i := 0
		for v := range seq {
			if !yield(v) {
				return
			}
			i++
			if i == n {
				return
			}
		}
	}
}

func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i*10, x) {
				return
			}
		}
	}
}

func main() {
	for v := range Take(Fib(), 10) {
		fmt.Print(v, " ")
	}
	fmt.Println()
	fmt.Println(slices.Collect(Take(Fib(), 5)))
	for i, s := range Enumerate([]string{"a", "b", "c"}) {
		if s == "c" {
			break
		}
		fmt.Println(i, s)
	}
	m := map[string]int{"x": 1, "z": 3, "y": 2}
	keys := slices.Sorted(maps.Keys(m))
	fmt.Println(keys)
	for i := range 3 {
		fmt.Print(i)
	}
	fmt.Println()
	total := 0
outer:
	for v := range Fib() {
		for w := range Take(Fib(), 3) {
			if v > 20 {
				break outer
			}
			total += v * w
		}
	}
	fmt.Println("total", total)
	upper := slices.Collect(func(yield func(string) bool) {
		for _, w := range strings.Fields("a bb ccc") {
			if !yield(strings.ToUpper(w)) {
				return
			}
		}
	})
	fmt.Println(upper, len(upper))
	for k, v := range maps.All(map[int]string{1: "one"}) {
		fmt.Println(k, v)
	}
	idx := slices.Index(slices.Collect(Take(Fib(), 12)), 89)
	fmt.Println(idx)
}
