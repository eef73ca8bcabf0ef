package main

import (
	"fmt"
	"iter"
)

func Countdown(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := n; i > 0; i-- {
			if !yield(i) {
				fmt.Println("  (stopped early)")
				return
			}
		}
	}
}

func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

func Fib(yield func(int) bool) {
	a, b := 0, 1
	for {
		if !yield(a) {
			return
		}
		a, b = b, a+b
	}
}

func find(words []string, target string) int {
	for i, w := range Enumerate(words) {
		if w == target {
			return i
		}
	}
	return -1
}

func main() {
	for v := range Countdown(3) {
		fmt.Print(v, " ")
	}
	fmt.Println()
	for v := range Countdown(10) {
		if v == 8 {
			break
		}
		fmt.Println("v", v)
	}
	for f := range Fib {
		if f > 50 {
			break
		}
		if f%2 == 1 {
			continue
		}
		fmt.Print(f, " ")
	}
	fmt.Println()
	fmt.Println(find([]string{"x", "y", "z"}, "z"), find(nil, "q"))
	for range Countdown(2) {
		fmt.Print(".")
	}
	fmt.Println()
}
