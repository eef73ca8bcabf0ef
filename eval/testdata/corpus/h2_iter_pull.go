package main

import (
	"fmt"
	"iter"
	"slices"
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

func Zip[A, B any](a iter.Seq[A], b iter.Seq[B]) iter.Seq2[A, B] {
	return func(yield func(A, B) bool) {
		na, sa := iter.Pull(a)
		defer sa()
		nb, sb := iter.Pull(b)
		defer sb()
		for {
			x, ok1 := na()
			y, ok2 := nb()
			if !ok1 || !ok2 {
				return
			}
			if !yield(x, y) {
				return
			}
		}
	}
}

func mergeSorted(a, b iter.Seq[int]) []int {
	na, sa := iter.Pull(a)
	defer sa()
	nb, sb := iter.Pull(b)
	defer sb()
	var out []int
	x, okx := na()
	y, oky := nb()
	for okx || oky {
		if !oky || (okx && x <= y) {
			out = append(out, x)
			x, okx = na()
		} else {
			out = append(out, y)
			y, oky = nb()
		}
	}
	return out
}

func main() {
	next, stop := iter.Pull(Count(3))
	for {
		v, ok := next()
		fmt.Print(v, ok, " ")
		if !ok {
			break
		}
	}
	stop()
	v, ok := next()
	fmt.Println(v, ok)
	for a, b := range Zip(Count(5), slices.Values([]string{"a", "b", "c"})) {
		fmt.Print(a, b, " ")
	}
	fmt.Println()
	fmt.Println(mergeSorted(slices.Values([]int{1, 4, 9}), slices.Values([]int{2, 3, 10, 11})))
	n2, s2 := iter.Pull2(slices.All([]string{"x", "y"}))
	i, s, ok := n2()
	fmt.Println(i, s, ok)
	s2()
	i, s, ok = n2()
	fmt.Printf("%d %q %v\n", i, s, ok)
}
