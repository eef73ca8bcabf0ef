package main

import (
	"cmp"
	"fmt"
)

type Tree[T cmp.Ordered] struct {
	root *tnode[T]
}

type tnode[T cmp.Ordered] struct {
	v           T
	left, right *tnode[T]
}

func (t *Tree[T]) Insert(v T) {
	p := &t.root
	for *p != nil {
		if v < (*p).v {
			p = &(*p).left
		} else {
			p = &(*p).right
		}
	}
	*p = &tnode[T]{v: v}
}

func (t *Tree[T]) Walk(f func(T)) {
	var walk func(n *tnode[T])
	walk = func(n *tnode[T]) {
		if n == nil {
			return
		}
		walk(n.left)
		f(n.v)
		walk(n.right)
	}
	walk(t.root)
}

func main() {
	var t Tree[string]
	for _, w := range []string{"m", "c", "x", "a", "e"} {
		t.Insert(w)
	}
	t.Walk(func(s string) { fmt.Print(s, " ") })
	fmt.Println()
}
