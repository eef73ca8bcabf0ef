package main

import (
	"fmt"
	"iter"
	"strings"
)

func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

func Words(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, w := range strings.Fields(s) {
			if !yield(w) {
				return
			}
		}
	}
}

func main() {
	for i, s := range Enumerate([]string{"a", "b", "c"}) {
		fmt.Println(i, s)
	}
	count := 0
	for w := range Words("one two three four") {
		if w == "three" {
			break
		}
		count++
	}
	fmt.Println("before three:", count)
}
