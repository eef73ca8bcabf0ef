// A tree whose nodes have a kind with UnmarshalText, decoded from JSON.
package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Kind int

const (
	File Kind = iota
	Dir
)

func (k *Kind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "file":
		*k = File
	case "dir":
		*k = Dir
	default:
		return fmt.Errorf("unknown kind %q", b)
	}
	return nil
}

func (k Kind) MarshalText() ([]byte, error) { return []byte([]string{"file", "dir"}[k]), nil }

type Node struct {
	Name     string  `json:"name"`
	Kind     Kind    `json:"kind"`
	Children []*Node `json:"children,omitempty"`
}

func (n *Node) walk(depth int, visit func(*Node, int)) {
	visit(n, depth)
	for _, c := range n.Children {
		c.walk(depth+1, visit)
	}
}

type Expr struct {
	Op    string `json:"op"`
	Left  *Expr  `json:"left,omitempty"`
	Right *Expr  `json:"right,omitempty"`
	Val   Kind   `json:"val"`
}

func main() {
	in := `{"name":"/","kind":"dir","children":[
		{"name":"etc","kind":"dir","children":[{"name":"hosts","kind":"file"}]},
		{"name":"readme","kind":"file"}]}`
	var root Node
	if err := json.Unmarshal([]byte(in), &root); err != nil {
		fmt.Println("error:", err)
		return
	}
	root.walk(0, func(n *Node, d int) {
		fmt.Printf("%s%s (%d)\n", strings.Repeat("  ", d), n.Name, n.Kind)
	})
	out, err := json.Marshal(root)
	fmt.Println(string(out), err)
	err = json.Unmarshal([]byte(`{"name":"x","children":[{"name":"y","kind":"link"}]}`), &root)
	fmt.Println(err)
	err = json.Unmarshal([]byte(`{"name":"x","children":[{"name":"y","kind":5}]}`), &root)
	fmt.Println(err)
	var e Expr
	err = json.Unmarshal([]byte(`{"op":"+","left":{"op":"*","left":{"op":"n","val":"dir"},"right":{"op":"n"}},"right":{"op":"n","val":"file"}}`), &e)
	fmt.Println(err, e.Op, e.Left.Op, e.Left.Left.Val, e.Right.Val, e.Left.Right.Right == nil)
	out, err = json.Marshal(&e)
	fmt.Println(string(out), err)
	dec := json.NewDecoder(strings.NewReader(`{"name":"a","kind":"dir","children":[{"name":"b","kind":"file"}]} {"name":"c"}`))
	for dec.More() {
		var n Node
		err := dec.Decode(&n)
		fmt.Println(n.Name, n.Kind, len(n.Children), err)
	}
}
