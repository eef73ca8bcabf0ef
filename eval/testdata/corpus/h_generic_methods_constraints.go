package main

import (
	"fmt"
	"sort"
	"strings"
)

type Number interface {
	~int | ~int64 | ~float64
}

type Vec[T Number] []T

func (v Vec[T]) Sum() T {
	var s T
	for _, x := range v {
		s += x
	}
	return s
}

func (v Vec[T]) Scale(k T) Vec[T] {
	out := make(Vec[T], len(v))
	for i, x := range v {
		out[i] = x * k
	}
	return out
}

type Pair[A, B any] struct {
	First  A
	Second B
}

func MakePair[A, B any](a A, b B) Pair[A, B] { return Pair[A, B]{a, b} }

func (p Pair[A, B]) String() string { return fmt.Sprintf("<%v|%v>", p.First, p.Second) }

type Cache[K comparable, V any] struct {
	data  map[K]V
	order []K
	limit int
}

func NewCache[K comparable, V any](limit int) *Cache[K, V] {
	return &Cache[K, V]{data: map[K]V{}, limit: limit}
}

func (c *Cache[K, V]) Put(k K, v V) {
	if _, ok := c.data[k]; !ok {
		c.order = append(c.order, k)
	}
	c.data[k] = v
	for len(c.order) > c.limit {
		old := c.order[0]
		c.order = c.order[1:]
		delete(c.data, old)
	}
}

func (c *Cache[K, V]) Get(k K) (V, bool) {
	v, ok := c.data[k]
	return v, ok
}

type Stringish interface{ ~string }

func JoinAll[S Stringish](xs []S, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strings.ToUpper(string(x))
	}
	return strings.Join(parts, sep)
}

type Color string

func Keys[M ~map[K]V, K comparable, V any](m M) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func main() {
	v := Vec[int]{1, 2, 3}
	fmt.Println(v.Sum(), v.Scale(3), v.Scale(2).Sum())
	fv := Vec[float64]{0.5, 0.25}
	fmt.Println(fv.Sum(), len(fv.Scale(4)))
	p := MakePair("x", 42)
	fmt.Println(p, p.First, p.Second+1)
	c := NewCache[string, int](2)
	c.Put("a", 1)
	c.Put("b", 2)
	c.Put("a", 10)
	c.Put("c", 3)
	_, okA := c.Get("a")
	vb, okB := c.Get("b")
	fmt.Println(okA, vb, okB, c.order)
	fmt.Println(JoinAll([]Color{"red", "blue"}, "+"), JoinAll([]string{"x"}, ""))
	ks := Keys(map[string]bool{"z": true, "y": false})
	sort.Strings(ks)
	fmt.Println(ks)
}
