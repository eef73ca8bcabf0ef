// A generic set whose methods call generic constructors.
package main

import (
	"fmt"
	"sort"
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

func main() {
	a := NewSet(1, 2, 3)
	b := NewSet(2, 3, 4)
	u := a.Union(b)
	i := a.Intersect(b)
	var keys []int
	for k := range u.m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	fmt.Println(keys, i.Len(), i.Has(2), i.Has(1))
	w := NewSet("x").Union(NewSet("y"))
	fmt.Println(w.Len())
}
