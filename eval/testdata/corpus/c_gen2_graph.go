package main

import (
	"fmt"
	"slices"
)

type Set[T comparable] = map[T]struct{}

type Graph[K comparable] struct {
	edges map[K][]K
}

func NewGraph[K comparable]() *Graph[K] {
	return &Graph[K]{edges: map[K][]K{}}
}

func (g *Graph[K]) Edge(a, b K) *Graph[K] {
	g.edges[a] = append(g.edges[a], b)
	g.edges[b] = append(g.edges[b], a)
	return g
}

func (g *Graph[K]) BFS(start K) []K {
	seen := Set[K]{start: {}}
	order := []K{start}
	for i := 0; i < len(order); i++ {
		for _, n := range g.edges[order[i]] {
			if _, ok := seen[n]; !ok {
				seen[n] = struct{}{}
				order = append(order, n)
			}
		}
	}
	return order
}

func (g *Graph[K]) Reachable(a, b K) bool {
	return slices.Contains(g.BFS(a), b)
}

type City string

func main() {
	g := NewGraph[int]().Edge(1, 2).Edge(2, 3).Edge(4, 5)
	fmt.Println(g.BFS(1), g.Reachable(1, 3), g.Reachable(1, 5))
	c := NewGraph[City]()
	c.Edge("oslo", "bergen").Edge("bergen", "stavanger")
	fmt.Println(c.BFS("stavanger"), len(c.edges))
}
