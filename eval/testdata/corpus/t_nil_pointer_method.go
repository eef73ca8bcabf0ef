// A nil pointer dereference inside a method is a runtime error.
package main

import (
	"fmt"
	"runtime"
)

type Node struct {
	Val  int
	Next *Node
}

func (n *Node) Sum() int {
	return n.Val + n.Next.Sum()
}

func (n *Node) SafeLen() int {
	if n == nil {
		return 0
	}
	return 1 + n.Next.SafeLen()
}

func main() {
	list := &Node{1, &Node{2, nil}}
	fmt.Println(list.SafeLen())
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		fmt.Println("runtime error:", isRuntime)
		fmt.Println(r)
	}()
	fmt.Println(list.Sum())
}
