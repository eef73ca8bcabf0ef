// A singly linked list with pointer manipulation.
package main

import (
	"fmt"
	"strings"
)

type Node struct {
	Val  int
	Next *Node
}

type List struct {
	head *Node
	size int
}

func (l *List) Push(v int) {
	l.head = &Node{v, l.head}
	l.size++
}

func (l *List) Reverse() {
	var prev *Node
	for cur := l.head; cur != nil; {
		next := cur.Next
		cur.Next = prev
		prev, cur = cur, next
	}
	l.head = prev
}

func (l *List) String() string {
	var parts []string
	for n := l.head; n != nil; n = n.Next {
		parts = append(parts, fmt.Sprint(n.Val))
	}
	return "[" + strings.Join(parts, " -> ") + "]"
}

func main() {
	l := &List{}
	for i := 1; i <= 4; i++ {
		l.Push(i)
	}
	fmt.Println(l.String(), l.size)
	l.Reverse()
	fmt.Println(l)
}
