// A binary search tree with recursive methods on nil receivers.
package main

import "fmt"

type Tree struct {
	Left  *Tree
	Value int
	Right *Tree
}

func (t *Tree) Insert(v int) *Tree {
	if t == nil {
		return &Tree{Value: v}
	}
	if v < t.Value {
		t.Left = t.Left.Insert(v)
	} else {
		t.Right = t.Right.Insert(v)
	}
	return t
}

func (t *Tree) Walk(f func(int)) {
	if t == nil {
		return
	}
	t.Left.Walk(f)
	f(t.Value)
	t.Right.Walk(f)
}

func (t *Tree) Height() int {
	if t == nil {
		return 0
	}
	return 1 + max(t.Left.Height(), t.Right.Height())
}

func main() {
	var root *Tree
	for _, v := range []int{50, 30, 70, 20, 40, 60, 80, 35} {
		root = root.Insert(v)
	}
	var out []int
	root.Walk(func(v int) { out = append(out, v) })
	fmt.Println(out, root.Height())
}
