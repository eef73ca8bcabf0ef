package main

import "fmt"

type Node struct {
	Val  int
	Next *Node
}

func (n *Node) Sum() int {
	if n == nil {
		return 0
	}
	return n.Val + n.Next.Sum()
}

func (n *Node) Value() int { return n.Val }

type Registry struct {
	items map[string]int
}

func (r *Registry) Add(k string) { r.items[k]++ }

func catch(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: %v\n", name, r)
		}
	}()
	f()
	fmt.Printf("%s: fine\n", name)
}

func main() {
	list := &Node{1, &Node{2, &Node{3, nil}}}
	catch("sum", func() { fmt.Println(list.Sum()) })
	var r Registry
	catch("nil map write", func() { r.Add("x") })
	catch("nil map read", func() { fmt.Println(r.items["x"], len(r.items)) })
	var n *Node
	catch("nil method", func() { fmt.Println(n.Value()) })
	catch("nil field", func() { fmt.Println(list.Next.Next.Next.Val) })
	var p *int
	catch("nil int", func() { *p = 1 })
	var m map[Node]bool
	catch("nil map struct key", func() { m[Node{}] = true })
	var f func()
	catch("nil func", func() { f() })
}
