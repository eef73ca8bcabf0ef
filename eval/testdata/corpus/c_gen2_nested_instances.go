package main

import (
	"fmt"
	"strings"
)

type Option[T any] struct {
	v  T
	ok bool
}

func Some[T any](v T) Option[T] { return Option[T]{v, true} }

func (o Option[T]) String() string {
	if !o.ok {
		return "none"
	}
	return fmt.Sprintf("some(%v)", o.v)
}

type Pair[A, B any] struct {
	A A
	B B
}

type List[T any] struct{ items []T }

func (l *List[T]) Add(v T) *List[T] { l.items = append(l.items, v); return l }

func Join[T fmt.Stringer](xs []T, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.String()
	}
	return strings.Join(parts, sep)
}

type Color int

func (c Color) String() string { return [...]string{"red", "green", "blue"}[c] }

type Point struct{ X, Y int }

func Group[T any, K comparable](xs []T, key func(T) K) map[K][]T {
	out := map[K][]T{}
	for _, x := range xs {
		out[key(x)] = append(out[key(x)], x)
	}
	return out
}

func main() {
	nested := Some(Some(3))
	fmt.Println(nested, Option[Option[int]]{}, nested.v.v)
	var ll List[List[int]]
	var inner List[int]
	inner.Add(1).Add(2)
	ll.Add(inner).Add(List[int]{})
	fmt.Println(len(ll.items), ll.items[0].items)
	ps := []Pair[string, Option[int]]{{"a", Some(1)}, {"b", Option[int]{}}}
	fmt.Println(ps[0].B, ps[1].B, len(ps))
	fmt.Println(Join([]Color{0, 2, 1}, ","), Join([]Option[string]{Some("x"), {}}, "|"))
	byRow := Group([]Point{{1, 2}, {3, 2}, {0, 5}}, func(p Point) int { return p.Y })
	fmt.Println(byRow[2], len(byRow[5]))
	set := map[Point]struct{}{{1, 1}: {}}
	_, has := set[Point{1, 1}]
	fmt.Println(has)
}
