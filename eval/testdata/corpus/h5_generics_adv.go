package main

import (
	"cmp"
	"fmt"
	"sort"
	"strings"
)

type Set[T comparable] struct{ m map[T]struct{} }

func NewSet[T comparable](xs ...T) *Set[T] {
	s := &Set[T]{m: map[T]struct{}{}}
	for _, x := range xs {
		s.Add(x)
	}
	return s
}

func (s *Set[T]) Add(x T)      { s.m[x] = struct{}{} }
func (s *Set[T]) Has(x T) bool { _, ok := s.m[x]; return ok }
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

type Stringish interface {
	~string
	Len() int
}

type Word string

func (w Word) Len() int { return len(w) }

func Longest[T Stringish](xs []T) T {
	var best T
	for _, x := range xs {
		if x.Len() > best.Len() {
			best = x
		}
	}
	return best
}

type List[K cmp.Ordered, V any] struct {
	head *node[K, V]
}

type node[K cmp.Ordered, V any] struct {
	k    K
	v    V
	next *node[K, V]
}

func (l *List[K, V]) Put(k K, v V) {
	l.head = &node[K, V]{k, v, l.head}
}

func (l *List[K, V]) Keys() []K {
	var ks []K
	for n := l.head; n != nil; n = n.next {
		ks = append(ks, n.k)
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i] < ks[j] })
	return ks
}

type Number interface{ ~int | ~float64 }

func MaxOf[T Number](xs ...T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		m = max(m, x)
	}
	return m
}

type Vec = []float64

type Opt[T any] struct {
	val T
	ok  bool
}

func Some[T any](v T) Opt[T]    { return Opt[T]{v, true} }
func (o Opt[T]) Get() (T, bool) { return o.val, o.ok }
func (o Opt[T]) String() string {
	if !o.ok {
		return "None"
	}
	return fmt.Sprintf("Some(%v)", o.val)
}

func main() {
	a := NewSet(1, 2, 3)
	b := NewSet(3, 4)
	u := a.Union(b)
	fmt.Println(u.Len(), u.Has(4), u.Has(5))
	fmt.Println(Longest([]Word{"go", "gopher", "gc"}))
	var l List[string, int]
	l.Put("b", 2)
	l.Put("a", 1)
	l.Put("c", 3)
	fmt.Println(l.Keys())
	fmt.Println(MaxOf(3, 9, 2), MaxOf(1.5, -2.0))
	var v Vec = Vec{1, 2}
	fmt.Println(v, len(v))
	o := Some("x")
	var none Opt[int]
	fmt.Println(o, none)
	fmt.Printf("%v %T\n", o, none)
	s, ok := o.Get()
	fmt.Println(strings.ToUpper(s), ok)
}
