package main

import (
	"fmt"
	"strings"
)

// Instances of generic struct types in a cycle: List[T] holds its sentinel Element[T]
// by value, each Element[T] points at its List[T] (container/list's shape), and a
// Tree[K, V] holds its root Node[K, V], each node pointing at its tree. Making one
// instance made the other, which named the first before it was registered: the
// interpreter made it again until its bound on nested type resolutions stopped the cell
// (yaegi patch 202; typeparam/list2.go of Go's test suite).

type Element[T any] struct {
	next, prev *Element[T]
	list       *List[T]
	Value      T
}

func (e *Element[T]) Next() *Element[T] {
	if p := e.next; e.list != nil && p != &e.list.root {
		return p
	}
	return nil
}

func (e *Element[T]) Prev() *Element[T] {
	if p := e.prev; e.list != nil && p != &e.list.root {
		return p
	}
	return nil
}

type List[T any] struct {
	root Element[T]
	len  int
}

func (l *List[T]) Init() *List[T] {
	l.root.next = &l.root
	l.root.prev = &l.root
	l.len = 0
	return l
}

func NewList[T any]() *List[T] { return new(List[T]).Init() }

func (l *List[T]) Back() *Element[T] {
	if l.len == 0 {
		return nil
	}
	return l.root.prev
}

func (l *List[T]) Front() *Element[T] {
	if l.len == 0 {
		return nil
	}
	return l.root.next
}

func (l *List[T]) PushBack(v T) *Element[T] {
	at := l.root.prev
	e := &Element[T]{Value: v, list: l}
	e.prev = at
	e.next = at.next
	e.prev.next = e
	e.next.prev = e
	l.len++
	return e
}

func (l *List[T]) String() string {
	var parts []string
	for e := l.Front(); e != nil; e = e.Next() {
		parts = append(parts, fmt.Sprint(e.Value))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

type Tree[K comparable, V any] struct {
	root  Node[K, V]
	index map[K]*Node[K, V]
}

type Node[K comparable, V any] struct {
	tree *Tree[K, V]
	up   *Node[K, V]
	kids []*Node[K, V]
	key  K
	val  V
}

func (t *Tree[K, V]) Add(parent *Node[K, V], k K, v V) *Node[K, V] {
	if t.index == nil {
		t.index = map[K]*Node[K, V]{}
	}
	n := &Node[K, V]{tree: t, up: parent, key: k, val: v}
	parent.kids = append(parent.kids, n)
	t.index[k] = n
	return n
}

func (n *Node[K, V]) Depth() int {
	d := 0
	for p := n; p.up != nil; p = p.up {
		d++
	}
	return d
}

func (n *Node[K, V]) Root() *Node[K, V] { return &n.tree.root }

func main() {
	var x any = List[string]{}
	_, ok := x.(List[int])
	fmt.Println(ok)

	l := NewList[int]()
	for i := 1; i <= 4; i++ {
		l.PushBack(i * i)
	}
	fmt.Println(l, l.len, l.Back().Value, l.Back().Prev().Value, l.Front().Prev() == nil)

	s := NewList[string]()
	s.PushBack("a")
	s.PushBack("b")
	fmt.Println(s.String(), s.Front().list == s, fmt.Sprintf("%T", s.Front()))

	t := &Tree[string, float64]{}
	t.root = Node[string, float64]{tree: t, key: "root"}
	a := t.Add(&t.root, "a", 1.5)
	b := t.Add(a, "b", 2.5)
	fmt.Println(b.Depth(), b.Root() == &t.root, t.index["b"].val, len(t.root.kids), b.up.key, b.tree.root.kids[0].kids[0].key)
}
