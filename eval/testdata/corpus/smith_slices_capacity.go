// The functions of package slices that allocate (Clone, Insert, Replace, Concat) return
// the capacity Go's do, append's growth: Clone made exactly len, so cap(slices.Clone(s))
// and what a program computed from it differed (the prelude of the rewrite; gosmith
// seed 366).
package main

import (
	"fmt"
	"slices"
)

type E struct{ C int }

func show(name string, s []int) { fmt.Println(name, s, len(s), cap(s), s == nil) }

func main() {
	a := append(append(make([]E, 3), E{1}), E{2}, E{}, E{})
	b := slices.Clone(a)
	fmt.Println(len(b), cap(b))
	show("clone7", slices.Clone([]int{1, 2, 3, 4, 5, 6, 7}))
	show("clone0", slices.Clone([]int{}))
	show("clonenil", slices.Clone([]int(nil)))
	show("clone-strings", nil)
	fmt.Println(cap(slices.Clone([]string{"a", "b", "c"})))
	s := make([]int, 5, 6)
	show("insert-fits", slices.Insert(s, 1, 9))
	show("insert-grows", slices.Insert([]int{1, 2, 3}, 1, 7, 8))
	show("insert-end", slices.Insert([]int{1, 2, 3}, 3, 7, 8))
	show("insert-none", slices.Insert([]int{1, 2, 3}, 1))
	show("replace-grow", slices.Replace([]int{1, 2, 3}, 1, 2, 7, 8, 9))
	show("replace-shrink", slices.Replace([]int{1, 2, 3, 4}, 1, 3, 7))
	show("replace-end", slices.Replace([]int{1, 2, 3}, 1, 3, 7, 8, 9, 10))
	show("replace-empty", slices.Replace([]int{1, 2, 3}, 1, 1))
	show("replace-insert", slices.Replace([]int{1, 2, 3}, 1, 1, 5, 6, 7))
	show("concat", slices.Concat([]int{1, 2, 3}, []int{4, 5}, nil))
	show("concat-empty", slices.Concat([]int{}, nil))
	show("concat-none", slices.Concat[[]int]())
	show("repeat", slices.Repeat([]int{1, 2, 3}, 3))
	show("grow", slices.Grow([]int{1}, 10))
	show("collect", slices.Collect(slices.Values([]int{1, 2, 3, 4, 5})))
	show("sorted", slices.Sorted(slices.Values([]int{5, 4, 3, 2, 1})))
	show("appendseq", slices.AppendSeq([]int{0}, slices.Values([]int{1, 2, 3, 4, 5})))
	big := make([]int, 300)
	show("clone300", slices.Clone(big)[:3])
	fmt.Println(cap(slices.Clone(big)), cap(slices.Insert(big, 100, 1)), cap(slices.Concat(big, big)))
}
