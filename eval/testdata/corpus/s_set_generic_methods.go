package main

import (
	"fmt"
	"sort"
)

type Set[T comparable] struct{ m map[T]struct{} }

func NewSet[T comparable](xs ...T) *Set[T] {
	s := &Set[T]{m: map[T]struct{}{}}
	for _, x := range xs {
		s.m[x] = struct{}{}
	}
	return s
}

func (s *Set[T]) Has(x T) bool { _, ok := s.m[x]; return ok }
func (s *Set[T]) Len() int     { return len(s.m) }

func Intersect[T comparable](a, b *Set[T]) []T {
	var out []T
	for k := range a.m {
		if b.Has(k) {
			out = append(out, k)
		}
	}
	return out
}

func main() {
	a := NewSet(1, 2, 3, 4)
	b := NewSet(3, 4, 5)
	common := Intersect(a, b)
	sort.Ints(common)
	fmt.Println(common, a.Len(), b.Has(5), a.Has(5))
	w := NewSet("go", "rust")
	fmt.Println(w.Has("go"))
}
