// Generic iterator adapters: Filter and Map over iter.Seq.
package main

import (
	"fmt"
	"iter"
	"slices"
)

func Filter[V any](seq iter.Seq[V], keep func(V) bool) iter.Seq[V] {
	return func(yield func(V) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func Map[V, W any](seq iter.Seq[V], f func(V) W) iter.Seq[W] {
	return func(yield func(W) bool) {
		for v := range seq {
			if !yield(f(v)) {
				return
			}
		}
	}
}

func main() {
	nums := slices.Values([]int{1, 2, 3, 4, 5, 6})
	even := Filter(nums, func(n int) bool { return n%2 == 0 })
	strs := Map(even, func(n int) string { return fmt.Sprintf("<%d>", n) })
	for s := range strs {
		fmt.Print(s)
	}
	fmt.Println()
	fmt.Println(slices.Collect(Map(nums, func(n int) int { return n * n })))
}
