package main

import (
	"cmp"
	"fmt"
	"slices"
)

type Set[T comparable] struct {
	m map[T]struct{}
}

func NewSet[T comparable](items ...T) *Set[T] {
	s := &Set[T]{m: make(map[T]struct{})}
	for _, it := range items {
		s.Add(it)
	}
	return s
}

func (s *Set[T]) Add(v T)      { s.m[v] = struct{}{} }
func (s *Set[T]) Has(v T) bool { _, ok := s.m[v]; return ok }
func (s *Set[T]) Len() int     { return len(s.m) }

func (s *Set[T]) Union(o *Set[T]) *Set[T] {
	r := NewSet[T]()
	for k := range s.m {
		r.Add(k)
	}
	for k := range o.m {
		r.Add(k)
	}
	return r
}

func (s *Set[T]) Intersect(o *Set[T]) *Set[T] {
	r := NewSet[T]()
	for k := range s.m {
		if o.Has(k) {
			r.Add(k)
		}
	}
	return r
}

func Sorted[T cmp.Ordered](s *Set[T]) []T {
	out := make([]T, 0, s.Len())
	for k := range s.m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

type Tag string

func main() {
	a := NewSet(1, 2, 3, 4)
	b := NewSet(3, 4, 5)
	fmt.Println(Sorted(a.Union(b)), Sorted(a.Intersect(b)), a.Has(2), b.Has(2))
	t := NewSet[Tag]("go", "rust")
	t.Add("go")
	fmt.Println(t.Len(), Sorted(t))
	fmt.Printf("%T\n", t)
}
