package main

import (
	"fmt"
	"iter"
	"slices"
)

func Merge(a, b iter.Seq[int]) iter.Seq[int] {
	return func(yield func(int) bool) {
		na, stopA := iter.Pull(a)
		defer stopA()
		nb, stopB := iter.Pull(b)
		defer stopB()
		va, okA := na()
		vb, okB := nb()
		for okA || okB {
			if !okB || (okA && va <= vb) {
				if !yield(va) {
					return
				}
				va, okA = na()
			} else {
				if !yield(vb) {
					return
				}
				vb, okB = nb()
			}
		}
	}
}

func Pairs(m []string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for i, s := range m {
			if !yield(s, len(s)*i) {
				return
			}
		}
	}
}

func main() {
	merged := slices.Collect(Merge(slices.Values([]int{1, 4, 9}), slices.Values([]int{2, 3, 10, 11})))
	fmt.Println(merged)
	next, stop := iter.Pull2(Pairs([]string{"go", "rust", "zig"}))
	for {
		k, v, ok := next()
		if !ok {
			break
		}
		fmt.Println(k, v)
	}
	stop()
	n2, stop2 := iter.Pull(slices.Values([]string{"a", "b"}))
	v, ok := n2()
	stop2()
	v2, ok2 := n2()
	fmt.Printf("%q %v %q %v\n", v, ok, v2, ok2)
}
