package main

import (
	"fmt"
	"iter"
	"slices"
	"strings"
)

func Filter[T any](seq iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
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

func Naturals() iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 1; ; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
	sq := Filter(Naturals(), func(n int) bool { return n%3 == 0 })
	fmt.Println(slices.Collect(Take(sq, 5)))
	words := strings.Fields("delta alpha charlie bravo")
	sorted := slices.Sorted(slices.Values(words))
	fmt.Println(sorted)
	long := slices.Collect(Filter(slices.Values(words), func(s string) bool { return len(s) > 5 }))
	fmt.Println(long, len(long))
	for i, w := range slices.All(sorted) {
		if i%2 == 0 {
			fmt.Print(i, w, " ")
		}
	}
	fmt.Println()
	fmt.Println(slices.AppendSeq([]string{"start"}, Take(slices.Values(words), 2)))
	fmt.Println(slices.Collect(Take(Naturals(), 0)) == nil)
}
