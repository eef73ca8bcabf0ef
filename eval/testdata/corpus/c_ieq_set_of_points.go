package main

import (
	"fmt"
	"sort"
)

// A set keyed by any, holding values of a cell type with methods.
type Point struct{ X, Y int }

func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type Set map[any]struct{}

func (s Set) Add(v any)      { s[v] = struct{}{} }
func (s Set) Has(v any) bool { _, ok := s[v]; return ok }
func (s Set) Remove(v any)   { delete(s, v) }

func main() {
	s := Set{}
	start := Point{0, 0}
	moves := []Point{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 0}, {1, 0}}
	cur := start
	s.Add(cur)
	for _, m := range moves {
		cur = cur.Add(m)
		s.Add(cur)
	}
	fmt.Println("visited:", len(s))
	fmt.Println(s.Has(Point{0, 0}), s.Has(Point{2, 0}), s.Has(Point{5, 5}))
	var probe any = Point{1, 1}
	fmt.Println(s.Has(probe))
	s.Remove(probe)
	fmt.Println("after remove:", len(s), s.Has(Point{1, 1}))
	var keys []string
	for k := range s {
		keys = append(keys, k.(Point).String())
	}
	sort.Strings(keys)
	fmt.Println(keys)
	counts := map[any]int{}
	for _, p := range []Point{{1, 2}, {1, 2}, {2, 1}} {
		counts[p]++
	}
	counts["x"]++
	fmt.Println(len(counts), counts[Point{1, 2}], counts[any(Point{2, 1})], counts["x"])
}
