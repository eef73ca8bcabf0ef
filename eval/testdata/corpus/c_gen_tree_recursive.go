package main

import (
	"cmp"
	"fmt"
	"strings"
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
	p := &t.root
	for *p != nil {
		switch c := cmp.Compare(k, (*p).key); {
		case c < 0:
			p = &(*p).left
		case c > 0:
			p = &(*p).right
		default:
			(*p).val = v
			return
		}
	}
	*p = &node[K, V]{key: k, val: v}
	t.size++
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

func (n *node[K, V]) walk(f func(K, V)) {
	if n == nil {
		return
	}
	n.left.walk(f)
	f(n.key, n.val)
	n.right.walk(f)
}

func (n *node[K, V]) height() int {
	if n == nil {
		return 0
	}
	return 1 + max(n.left.height(), n.right.height())
}

func main() {
	var t Tree[string, []int]
	for i, w := range strings.Fields("pear apple fig apple kiwi banana fig") {
		old, _ := t.Get(w)
		t.Put(w, append(old, i))
	}
	t.root.walk(func(k string, v []int) { fmt.Println(k, v) })
	fmt.Println("size", t.size, "height", t.root.height())
	_, ok := t.Get("grape")
	fmt.Println(ok)
}
