package main

import (
	"fmt"
	"sort"
)

// Struct types that hold an instance of a generic type made of a pointer to themselves
// (type T struct{ b *Box[*T] }), and maps keyed by such pointers. While T was being
// made it had no name, so the instance was named Box[*struct {}]: one instance for
// every such type (a U's box held a *T: "undefined selector"), and its methods were
// compiled before T had its fields; a map[*T]bool field kept its stand-in key type
// (reflect.Set panics) (yaegi patch 203).

type Box[V any] struct{ v V }

func (b Box[V]) Kind() string { return fmt.Sprintf("%T", b.v) }

func (b *Box[V]) Swap(v V) V {
	old := b.v
	b.v = v
	return old
}

type Set[E comparable] map[E]bool

type T struct {
	b    *Box[*T]
	name string
}

type U struct {
	b    *Box[*U]
	name string
	n    int
	peer Set[*U]
}

type Graph struct {
	edges map[*Graph]bool
	label string
}

func main() {
	t := &T{name: "t"}
	t.b = &Box[*T]{t}
	u := &U{name: "u", n: 3, peer: Set[*U]{}}
	u.b = &Box[*U]{u}
	u.peer[u] = true
	w := &U{name: "w", n: 4}
	old := u.b.Swap(w)
	fmt.Println(t.b.v.name, old.name, u.b.v.name, u.b.v.n, t.b.Kind(), u.b.Kind(), u.peer[u], len(u.peer))

	a := &Graph{label: "a", edges: map[*Graph]bool{}}
	b := &Graph{label: "b", edges: map[*Graph]bool{a: true}}
	a.edges[b] = true
	a.edges[a] = false
	var labels []string
	for g, on := range a.edges {
		labels = append(labels, fmt.Sprint(g.label, on))
	}
	sort.Strings(labels)
	fmt.Println(labels, b.edges[a], len(b.edges))
}
