package main

import "fmt"

type Node struct {
	Val   int
	Child *Node
}

func inc(p *int) { *p++ }

func newInt(v int) *int { return &v }

func main() {
	x := 1
	inc(&x)
	inc(&x)
	fmt.Println(x)
	p := newInt(42)
	q := p
	*q = 7
	fmt.Println(*p, p == q)
	n := &Node{1, &Node{2, nil}}
	n.Child.Val = 20
	fmt.Println(n.Val, n.Child.Val, n.Child.Child == nil)
	var np *Node
	fmt.Println(np == nil)
	pp := &p
	**pp = 9
	fmt.Println(*p)
}
