package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		defer fmt.Println("  count cleanup")
		for i := 0; i < n; i++ {
			if !yield(i) {
				fmt.Println("  stopped at", i)
				return
			}
		}
	}
}

func Enumerate[T any](s iter.Seq[T]) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		i := 0
		for v := range s {
			if !yield(i, v) {
				return
			}
			i++
		}
	}
}

func Filter[T any](s iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range s {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func firstOver(limit int) (found int, ok bool) {
	for v := range Count(100) {
		if v*v > limit {
			return v, true
		}
	}
	return -1, false
}

func deferInBody() {
	fmt.Println("deferInBody start")
	for v := range Count(3) {
		defer fmt.Println("  deferred", v)
	}
	fmt.Println("deferInBody end")
}

func main() {
	fmt.Println(firstOver(50))
	deferInBody()
outer:
	for i := range Count(3) {
		for j := range Count(3) {
			if j == 2 {
				continue outer
			}
			if i == 2 {
				break outer
			}
			fmt.Println("pair", i, j)
		}
	}
	words := strings.Fields("the quick brown fox jumps over the lazy dog")
	for i, w := range Enumerate(Filter(slices.Values(words), func(s string) bool { return len(s) > 3 })) {
		fmt.Print(i, ":", w, " ")
	}
	fmt.Println()
	m := map[string]int{"x": 3, "a": 1, "m": 2}
	fmt.Println(slices.Sorted(maps.Keys(m)), slices.Sorted(maps.Values(m)))
	inv := maps.Collect(func(yield func(int, string) bool) {
		for k, v := range m {
			if !yield(v, k) {
				return
			}
		}
	})
	fmt.Println(inv)
	fmt.Println(slices.Collect(slices.Chunk([]int{1, 2, 3, 4, 5}, 2)))
	for i, v := range slices.Backward([]string{"a", "b", "c"}) {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	next, stop := iter.Pull(Count(5))
	a, ok1 := next()
	b, ok2 := next()
	stop()
	c, ok3 := next()
	fmt.Println(a, ok1, b, ok2, c, ok3)
	total := 0
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		for v := range Count(10) {
			total += v
			if v == 4 {
				panic("boom at 4")
			}
		}
	}()
	fmt.Println("total", total)
	sorted := slices.SortedFunc(slices.Values(words), func(a, b string) int {
		return strings.Compare(b, a)
	})
	fmt.Println(slices.Compact(sorted), slices.Index(sorted, "fox"))
}
