// A String method with a pointer receiver is used for pointers only.
package main

import "fmt"

type Node struct {
	Name string
	Kids []*Node
}

func (n *Node) String() string {
	if n == nil {
		return "<nil node>"
	}
	return fmt.Sprintf("%s%v", n.Name, n.Kids)
}

type Box struct{ W, H int }

func (b *Box) String() string { return fmt.Sprintf("box %dx%d", b.W, b.H) }

func main() {
	leaf := &Node{Name: "leaf"}
	root := &Node{Name: "root", Kids: []*Node{leaf, {Name: "other"}}}
	fmt.Println(root)
	fmt.Println([]*Node{leaf})
	b := Box{2, 3}
	fmt.Println(&b)
	fmt.Println(b)
	var n *Node
	fmt.Println(n)
}
