// A recursive generic binary search tree with two type parameters.
package main

import (
	"cmp"
	"fmt"
)

type Tree[K cmp.Ordered, V any] struct {
	root *node[K, V]
	size int
}

type node[K cmp.Ordered, V any] struct {
	key         K
	val         V
	left, right *node[K, V]
}

func (t *Tree[K, V]) Put(k K, v V) {
	t.root = t.put(t.root, k, v)
}

func (t *Tree[K, V]) put(n *node[K, V], k K, v V) *node[K, V] {
	if n == nil {
		t.size++
		return &node[K, V]{key: k, val: v}
	}
	switch {
	case k < n.key:
		n.left = t.put(n.left, k, v)
	case k > n.key:
		n.right = t.put(n.right, k, v)
	default:
		n.val = v
	}
	return n
}

func (t *Tree[K, V]) Get(k K) (V, bool) {
	n := t.root
	for n != nil {
		if k < n.key {
			n = n.left
		} else if k > n.key {
			n = n.right
		} else {
			return n.val, true
		}
	}
	var zero V
	return zero, false
}

func (t *Tree[K, V]) Walk(f func(K, V)) { walk(t.root, f) }

func walk[K cmp.Ordered, V any](n *node[K, V], f func(K, V)) {
	if n == nil {
		return
	}
	walk(n.left, f)
	f(n.key, n.val)
	walk(n.right, f)
}

func main() {
	var t Tree[string, int]
	for i, w := range []string{"m", "c", "x", "a", "c"} {
		t.Put(w, i)
	}
	t.Walk(func(k string, v int) { fmt.Println(k, v) })
	v, ok := t.Get("x")
	fmt.Println(v, ok, t.size)
}
