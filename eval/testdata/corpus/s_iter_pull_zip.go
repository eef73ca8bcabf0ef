package main

import (
	"fmt"
	"iter"
	"slices"
)

func zip[A, B any](a iter.Seq[A], b iter.Seq[B]) iter.Seq2[A, B] {
	return func(yield func(A, B) bool) {
		nb, stop := iter.Pull(b)
		defer stop()
		for x := range a {
			y, ok := nb()
			if !ok || !yield(x, y) {
				return
			}
		}
	}
}

func main() {
	names := slices.Values([]string{"a", "b", "c"})
	nums := slices.Values([]int{1, 2})
	for n, v := range zip(names, nums) {
		fmt.Println(n, v)
	}
}
