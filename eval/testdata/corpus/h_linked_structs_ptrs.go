package main

import (
	"fmt"
	"strings"
)

type Tree struct {
	Val         int
	Left, Right *Tree
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

func (t *Tree) InOrder(visit func(int)) {
	if t == nil {
		return
	}
	t.Left.InOrder(visit)
	visit(t.Val)
	t.Right.InOrder(visit)
}

func (t *Tree) Height() int {
	if t == nil {
		return 0
	}
	return 1 + max(t.Left.Height(), t.Right.Height())
}

func (t *Tree) String() string {
	if t == nil {
		return "()"
	}
	return fmt.Sprintf("(%v %d %v)", t.Left, t.Val, t.Right)
}

type Graph map[string][]string

func (g Graph) DFS(start string) []string {
	seen := map[string]bool{}
	var order []string
	var walk func(string)
	walk = func(n string) {
		if seen[n] {
			return
		}
		seen[n] = true
		order = append(order, n)
		for _, m := range g[n] {
			walk(m)
		}
	}
	walk(start)
	return order
}

func main() {
	var root *Tree
	for _, v := range []int{5, 3, 8, 1, 4, 9, 7, 2} {
		root = root.Insert(v)
	}
	var vals []string
	root.InOrder(func(v int) { vals = append(vals, fmt.Sprint(v)) })
	fmt.Println(strings.Join(vals, ","), root.Height())
	fmt.Println(root)
	var empty *Tree
	fmt.Println(empty.Height(), empty)
	g := Graph{"a": {"b", "c"}, "b": {"d"}, "c": {"d", "e"}, "d": {"a"}, "e": nil}
	fmt.Println(g.DFS("a"), g.DFS("e"))
	p := &root.Left.Right
	*p = nil
	fmt.Println(root)
}
