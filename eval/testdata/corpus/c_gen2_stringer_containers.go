package main

import (
	"fmt"
	"strings"
)

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

type Bag[T comparable] struct {
	counts map[T]int
}

func NewBag[T comparable](xs ...T) *Bag[T] {
	b := &Bag[T]{counts: map[T]int{}}
	for _, x := range xs {
		b.counts[x]++
	}
	return b
}

func (b *Bag[T]) Pairs(order []T) []Pair[T, int] {
	var out []Pair[T, int]
	for _, k := range order {
		if n, ok := b.counts[k]; ok {
			out = append(out, Pair[T, int]{k, n})
		}
	}
	return out
}

func (b *Bag[T]) String() string {
	return fmt.Sprintf("Bag(%d distinct)", len(b.counts))
}

func main() {
	b := NewBag(strings.Fields("the cat and the hat and the bat")...)
	ps := b.Pairs([]string{"the", "and", "cat", "dog"})
	fmt.Println(ps)
	fmt.Println(b, len(ps))
	m := map[string]Pair[string, int]{"best": ps[0]}
	fmt.Println(m, []*Bag[int]{NewBag(1, 1, 2)})
	fmt.Printf("%v|%s|%d\n", ps[1], ps[2], len(fmt.Sprint(ps)))
}
