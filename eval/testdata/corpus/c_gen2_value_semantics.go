package main

import (
	"errors"
	"fmt"
	"slices"
	"sort"
)

type Counter[K comparable] struct {
	items []entry[K]
}

type entry[K comparable] struct {
	key   K
	count int
}

func (c *Counter[K]) Add(k K) {
	for i := range c.items {
		if c.items[i].key == k {
			c.items[i].count++
			return
		}
	}
	c.items = append(c.items, entry[K]{k, 1})
}

func (c Counter[K]) Top(n int) []K {
	items := slices.Clone(c.items)
	sort.SliceStable(items, func(i, j int) bool { return items[i].count > items[j].count })
	var out []K
	for i := 0; i < n && i < len(items); i++ {
		out = append(out, items[i].key)
	}
	return out
}

func (c Counter[K]) Reset() { c.items = nil }

type Box[T any] struct{ V T }

func (b Box[T]) With(v T) Box[T] {
	b.V = v
	return b
}

func Zero[T any]() T {
	var z T
	return z
}

func First[T comparable](xs []T, pred func(T) bool) (T, error) {
	for _, x := range xs {
		if pred(x) {
			return x, nil
		}
	}
	return Zero[T](), errors.New("not found")
}

func SortedCopy[S ~[]E, E int | string](s S) S {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

type Names []string

func main() {
	var c Counter[string]
	for _, w := range []string{"a", "b", "a", "c", "b", "a"} {
		c.Add(w)
	}
	c.Reset()
	fmt.Println(c.Top(2), len(c.items), c.items[0].count)
	b := Box[int]{1}
	b2 := b.With(2)
	b3 := b2
	b3.V = 3
	fmt.Println(b.V, b2.V, b3.V)
	fmt.Println(Zero[error]() == nil, Zero[*int]() == nil, Zero[string]() == "", Zero[[]int]() == nil)
	v, err := First([]int{1, 4, 9}, func(n int) bool { return n > 3 })
	_, err2 := First([]string{"x"}, func(s string) bool { return s == "y" })
	fmt.Println(v, err, err2)
	n := Names{"c", "a", "b"}
	s := SortedCopy(n)
	fmt.Printf("%v %v %T\n", n, s, s)
	fmt.Println(Box[any]{nil} == Box[any]{}, Box[string]{"x"}.With("y") == Box[string]{"y"})
}
