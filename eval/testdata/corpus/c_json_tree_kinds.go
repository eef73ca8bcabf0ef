package main

import (
	"encoding/json"
	"fmt"
)

type Kind int

func (k Kind) MarshalText() ([]byte, error) { return []byte([]string{"file", "dir"}[k]), nil }

type Node struct {
	Name     string  `json:"name"`
	Kind     Kind    `json:"kind"`
	Children []*Node `json:"children,omitempty"`
}

type Meta struct {
	Owner Kind `json:"owner"`
}

type Entry struct {
	*Meta
	Path string `json:"path"`
}

type Money struct{ C int }

func (m *Money) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprint(m.C * 100)), nil }

type Wallet struct {
	Any  any    `json:"any"`
	AnyP any    `json:"anyp"`
	Arr  []any  `json:"arr"`
	Opt  *Money `json:"opt,omitzero"`
}

func main() {
	root := &Node{"/", 1, []*Node{{"a.txt", 0, nil}, {"etc", 1, []*Node{{"hosts", 0, nil}}}}}
	b, err := json.Marshal(root)
	fmt.Println(string(b), err)
	b, err = json.Marshal([]Entry{{&Meta{1}, "/x"}, {nil, "/y"}})
	fmt.Println(string(b), err)
	b, err = json.Marshal(Wallet{Money{1}, &Money{2}, []any{Money{3}, &Money{4}}, nil})
	fmt.Println(string(b), err)
}
