package main

import (
	"fmt"
	"strings"
)

// Struct types in a cycle where one holds another by value and is pointed at from it
// (container/list's List holding its sentinel Element, each Element pointing at its
// List): the interpreter laid the by-value field out as an empty stand-in when the
// pointed-at side was built first (memory read as the wrong type: garbage strings,
// slice bounds in the billions) and gave every pointer of a cycle the type of the last
// struct it built (yaegi patch 201).

type Element struct {
	next, prev *Element
	list       *List
	Value      any
}

func (e *Element) Next() *Element {
	if p := e.next; e.list != nil && p != &e.list.root {
		return p
	}
	return nil
}

type List struct {
	root Element
	len  int
}

func (l *List) Init() *List {
	l.root.next = &l.root
	l.root.prev = &l.root
	l.len = 0
	return l
}

func (l *List) Front() *Element {
	if l.len == 0 {
		return nil
	}
	return l.root.next
}

func (l *List) PushBack(v any) *Element {
	at := l.root.prev
	e := &Element{Value: v, list: l}
	e.prev = at
	e.next = at.next
	e.prev.next = e
	e.next.prev = e
	l.len++
	return e
}

type Tree struct {
	root  Node
	count int
}

type Node struct {
	tree *Tree
	kids []*Node
	up   *Node
	name string
	meta map[string]*Tree
}

func (t *Tree) Add(parent *Node, name string) *Node {
	n := &Node{tree: t, up: parent, name: name}
	parent.kids = append(parent.kids, n)
	t.count++
	return n
}

func (n *Node) Path() string {
	var parts []string
	for p := n; p != nil; p = p.up {
		parts = append([]string{p.name}, parts...)
	}
	return strings.Join(parts, "/")
}

type A struct {
	b B
	x int
}

type B struct {
	c C
	y string
}

type C struct {
	a  *A
	as []A
	m  map[string]B
	ch chan C
	z  [2]int
}

type D struct {
	c    *C
	arr  [2]E
	tail int
}

type E struct {
	d  *D
	id int
}

func main() {
	l := new(List).Init()
	for i := 1; i <= 3; i++ {
		l.PushBack(fmt.Sprint("v", i*10))
	}
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Print(e.Value, " ", e.list == l, "; ")
	}
	fmt.Println(l.len, l.root.next.Value, l.root.prev.Value)

	t := &Tree{}
	t.root = Node{tree: t, name: "root"}
	a := t.Add(&t.root, "a")
	b := t.Add(a, "b")
	b.meta = map[string]*Tree{"self": t}
	fmt.Println(b.Path(), t.count, b.tree == t, b.meta["self"].root.kids[0].name, len(t.root.kids), b.up.up == &t.root)

	var c C
	c.z[1] = 4
	var x A
	x.x = 7
	x.b.y = "why"
	x.b.c.a = &x
	c.a = &x
	c.as = append(c.as, x)
	c.m = map[string]B{"k": x.b}
	c.ch = make(chan C, 1)
	c.ch <- C{z: [2]int{9, 9}}
	fmt.Println(c.a.b.y, c.as[0].x, c.m["k"].y, (<-c.ch).z, c.z, x.b.c.a.x)
	d := &D{c: &c, tail: 5}
	d.arr[1] = E{d: d, id: 3}
	fmt.Println(d.arr[1].d.tail, d.arr[1].id, d.c.z[1], d.arr[0].d == nil)
	var e E
	e.d = d
	fmt.Println(e.d.arr[1].id, e.d.tail, e.d.c.a.b.y)
}
