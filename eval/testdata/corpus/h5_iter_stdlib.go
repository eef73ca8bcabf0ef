package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

type Tree struct {
	Left, Right *Tree
	Val         int
}

func (t *Tree) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		t.walk(yield)
	}
}

func (t *Tree) walk(yield func(int) bool) bool {
	if t == nil {
		return true
	}
	return t.Left.walk(yield) && yield(t.Val) && t.Right.walk(yield)
}

func insert(t *Tree, v int) *Tree {
	if t == nil {
		return &Tree{Val: v}
	}
	if v < t.Val {
		t.Left = insert(t.Left, v)
	} else {
		t.Right = insert(t.Right, v)
	}
	return t
}

func Filter[T any](seq iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func main() {
	var root *Tree
	for _, v := range []int{5, 3, 8, 1, 4, 9, 7} {
		root = insert(root, v)
	}
	for v := range root.All() {
		if v > 7 {
			break
		}
		fmt.Print(v, " ")
	}
	fmt.Println()
	evens := slices.Collect(Filter(root.All(), func(v int) bool { return v%2 == 0 }))
	fmt.Println(evens)

	text := "alpha beta\ngamma\n\ndelta epsilon zeta\n"
	for line := range strings.Lines(text) {
		fmt.Printf("%q ", line)
	}
	fmt.Println()
	for part := range strings.SplitSeq("a,b,,c", ",") {
		fmt.Print("[", part, "]")
	}
	fmt.Println()
	n := 0
	for f := range strings.FieldsSeq("  x  y   z ") {
		n += len(f)
	}
	fmt.Println(n)

	m := map[string]int{"x": 1, "y": 2, "z": 3}
	keys := slices.Sorted(maps.Keys(m))
	fmt.Println(keys)
	for i, v := range slices.Backward(keys) {
		fmt.Print(i, v, ";")
	}
	fmt.Println()
	next, stop := iter.Pull(root.All())
	defer stop()
	a, ok1 := next()
	b, ok2 := next()
	fmt.Println(a, ok1, b, ok2)
	chunks := slices.Collect(slices.Chunk([]int{1, 2, 3, 4, 5}, 2))
	fmt.Println(chunks, len(chunks))
	m2 := maps.Collect(slices.All([]string{"p", "q"}))
	fmt.Println(m2)
	for k, v := range maps.All(map[string]bool{"only": true}) {
		fmt.Println(k, v)
	}
}
