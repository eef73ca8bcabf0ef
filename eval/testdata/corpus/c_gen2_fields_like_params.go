package main

import (
	"encoding/json"
	"fmt"
)

type Pair[A, B any] struct {
	A A `json:"a"`
	B B `json:"b"`
}

func (p Pair[A, B]) Swap() Pair[B, A] { return Pair[B, A]{A: p.B, B: p.A} }

type Entry[K comparable, V any] struct {
	K K
	V V
}

func main() {
	p := Pair[string, int]{"a", 1}
	q := p.Swap()
	b, _ := json.Marshal(q)
	fmt.Println(p.A, q.A, q.B, string(b))
	e := Entry[string, []int]{K: "k", V: []int{1}}
	fmt.Println(e.K, len(e.V))
}
