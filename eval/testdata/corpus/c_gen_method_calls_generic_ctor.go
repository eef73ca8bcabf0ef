package main

import (
	"fmt"
	"slices"
)

type Set[T comparable] map[T]struct{}

func NewSet[T comparable](xs ...T) Set[T] {
	s := make(Set[T], len(xs))
	for _, x := range xs {
		s[x] = struct{}{}
	}
	return s
}

func (s Set[T]) Diff(o Set[T]) Set[T] {
	r := NewSet[T]()
	for k := range s {
		if _, ok := o[k]; !ok {
			r[k] = struct{}{}
		}
	}
	return r
}

type Graph[N comparable] struct {
	edges map[N]Set[N]
}

func (g *Graph[N]) Link(a, b N) {
	if g.edges == nil {
		g.edges = map[N]Set[N]{}
	}
	if g.edges[a] == nil {
		g.edges[a] = NewSet[N]()
	}
	g.edges[a][b] = struct{}{}
}

func (g *Graph[N]) Reach(start N) Set[N] {
	seen := NewSet(start)
	stack := []N{start}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for m := range g.edges[n] {
			if _, ok := seen[m]; !ok {
				seen[m] = struct{}{}
				stack = append(stack, m)
			}
		}
	}
	return seen
}

func sorted(s Set[string]) []string {
	var out []string
	for k := range s {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func main() {
	a, b := NewSet("x", "y", "z"), NewSet("y")
	fmt.Println(sorted(a.Diff(b)), sorted(b.Diff(a)))
	var g Graph[string]
	g.Link("a", "b")
	g.Link("b", "c")
	g.Link("c", "a")
	g.Link("d", "a")
	fmt.Println(sorted(g.Reach("a")), sorted(g.Reach("d")), len(g.Reach("z")))
}
