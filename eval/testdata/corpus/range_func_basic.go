// Range over a function: push iterators with one and two values.
package main

import (
	"fmt"
	"iter"
)

func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func Pairs(s []string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, v := range s {
			if !yield(i, v) {
				return
			}
		}
	}
}

func main() {
	for v := range Count(3) {
		fmt.Println("v", v)
	}
	for i, s := range Pairs([]string{"x", "y"}) {
		fmt.Println(i, s)
	}
	n := 0
	for range Count(4) {
		n++
	}
	fmt.Println("n", n)
}
