// Range over a method value that returns an iterator: an in-order walk of a tree.
package main

import (
	"fmt"
	"iter"
)

type Tree struct {
	Left, Right *Tree
	Val         int
}

func (t *Tree) Insert(v int) *Tree {
	if t == nil {
		return &Tree{Val: v}
	}
	if v < t.Val {
		t.Left = t.Left.Insert(v)
	} else {
		t.Right = t.Right.Insert(v)
	}
	return t
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

func main() {
	var root *Tree
	for _, v := range []int{5, 3, 8, 1, 4, 9} {
		root = root.Insert(v)
	}
	for v := range root.All() {
		fmt.Print(v, " ")
		if v == 8 {
			break
		}
	}
	fmt.Println()
}
