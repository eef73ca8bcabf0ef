package main

import (
	"fmt"
	"iter"
	"strings"
)

func Countdown(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := n; i > 0; i-- {
			if !yield(i) {
				fmt.Println("  stopped at", i)
				return
			}
		}
	}
}

func Enumerate(words []string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, w := range words {
			if !yield(i, strings.ToUpper(w)) {
				return
			}
		}
	}
}

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

func firstOver(limit int) int {
	for f := range Fib() {
		if f > limit {
			return f
		}
	}
	return -1
}

func main() {
	for i := range 3 {
		fmt.Print(i, " ")
	}
	fmt.Println()
	n := 4
	for i := range n {
		n = 10
		fmt.Print(i)
	}
	fmt.Println(" n =", n)
	var u8 uint8 = 3
	for i := range u8 {
		fmt.Printf("%T%d ", i, i)
	}
	fmt.Println()
	for range 2 {
		fmt.Print("tick ")
	}
	fmt.Println()
	for v := range Countdown(5) {
		if v == 2 {
			break
		}
		fmt.Println("v", v)
	}
	for i, w := range Enumerate([]string{"a", "b", "c"}) {
		if i == 1 {
			continue
		}
		fmt.Println(i, w)
	}
	fmt.Println(firstOver(100))
	total := 0
outer:
	for x := range Countdown(3) {
		for y := range Countdown(3) {
			if y == 1 {
				continue outer
			}
			total += x * y
		}
	}
	fmt.Println("total", total)
	var fs []func() int
	for i := range 3 {
		fs = append(fs, func() int { return i })
	}
	fmt.Println(fs[0](), fs[1](), fs[2]())
}
