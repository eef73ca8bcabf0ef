package main

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

type Stringer interface{ String() string }

type Color int

const (
	Red Color = iota
	Green
	Blue
)

func (c Color) String() string { return [...]string{"red", "green", "blue"}[c] }

func JoinAll[T Stringer](xs []T, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.String()
	}
	return strings.Join(parts, sep)
}

func MaxOf[T cmp.Ordered](first T, rest ...T) T {
	m := first
	for _, r := range rest {
		if r > m {
			m = r
		}
	}
	return m
}

type List[T any] struct {
	items []T
}

func NewList[T any](xs ...T) *List[T] { return &List[T]{items: xs} }

func (l *List[T]) Map(f func(T) T) *List[T] {
	out := make([]T, len(l.items))
	for i, x := range l.items {
		out[i] = f(x)
	}
	return &List[T]{items: out}
}

func (l *List[T]) Filter(keep func(T) bool) *List[T] {
	var out []T
	for _, x := range l.items {
		if keep(x) {
			out = append(out, x)
		}
	}
	return NewList(out...)
}

func (l *List[T]) Len() int { return len(l.items) }

type Result[T any] struct {
	Val T
	Err error
}

func Try[T any](f func() (T, error)) Result[T] {
	v, err := f()
	return Result[T]{v, err}
}

func (r Result[T]) OrElse(d T) T {
	if r.Err != nil {
		return d
	}
	return r.Val
}

type Set[T comparable] map[T]struct{}

func (s Set[T]) Add(vs ...T) {
	for _, v := range vs {
		s[v] = struct{}{}
	}
}

func (s Set[T]) Has(v T) bool { _, ok := s[v]; return ok }

func Keys[K comparable, V any](m map[K]V) []K {
	ks := make([]K, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

type Name string

func main() {
	fmt.Println(JoinAll([]Color{Blue, Red}, "+"))
	fmt.Println(MaxOf(3, 9, 2), MaxOf("pear", "apple"), MaxOf[float64](1, 2.5))
	fmt.Println(MaxOf(Name("bob"), Name("alice")))
	l := NewList(1, 2, 3, 4, 5).Map(func(x int) int { return x * x }).Filter(func(x int) bool { return x%2 == 1 })
	fmt.Println(l.items, l.Len())
	ls := NewList("a", "bb").Map(strings.ToUpper)
	fmt.Println(ls.items)
	r1 := Try(func() (int, error) { return 5, nil })
	r2 := Try(func() (int, error) { return 0, errors.New("no") })
	fmt.Println(r1.OrElse(-1), r2.OrElse(-1), r2.Err)
	s := Set[string]{}
	s.Add("x", "y", "x")
	fmt.Println(len(s), s.Has("y"), s.Has("z"))
	ks := Keys(map[string]int{"b": 1, "a": 2})
	sort.Strings(ks)
	fmt.Println(ks)
	cs := []Color{Blue, Green, Red}
	slices.SortFunc(cs, func(a, b Color) int { return cmp.Compare(a, b) })
	fmt.Println(cs, slices.Index(cs, Blue))
	type pair struct {
		n Name
		c Color
	}
	ps := []pair{{"b", Red}, {"a", Blue}, {"c", Red}}
	slices.SortStableFunc(ps, func(x, y pair) int { return cmp.Compare(x.c, y.c) })
	fmt.Println(ps)
}
