package main

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type Setter[T any] interface {
	*T
	Set(string) error
}

type IntBox struct{ V int }

func (b *IntBox) Set(s string) error {
	n, err := strconv.Atoi(s)
	b.V = n
	return err
}

func ParseAll[T any, PT Setter[T]](ss []string) ([]T, error) {
	out := make([]T, len(ss))
	for i, s := range ss {
		if err := PT(&out[i]).Set(s); err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
	}
	return out, nil
}

type Ordered interface {
	~int | ~string | ~float64
}

type SortedMap[K Ordered, V any] struct {
	m map[K]V
}

func (s *SortedMap[K, V]) Set(k K, v V) {
	if s.m == nil {
		s.m = map[K]V{}
	}
	s.m[k] = v
}

func (s SortedMap[K, V]) String() string {
	keys := make([]K, 0, len(s.m))
	for k := range s.m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%v=%v", k, s.m[k]))
	}
	return "{" + strings.Join(parts, " ") + "}"
}

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

type Number interface{ ~int | ~float64 }

func SumBy[T any, N Number](xs []T, f func(T) N) N {
	var s N
	for _, x := range xs {
		s += f(x)
	}
	return s
}

type Grade float64

func Ptr[T any](v T) *T { return &v }

func Equal[T comparable](a, b T) bool { return a == b }

type Node[T any] struct {
	Val      T
	Children []*Node[T]
}

func (n *Node[T]) Count() int {
	c := 1
	for _, ch := range n.Children {
		c += ch.Count()
	}
	return c
}

func main() {
	vals, err := ParseAll[IntBox]([]string{"1", "22"})
	fmt.Println(vals, err)
	_, err = ParseAll[IntBox]([]string{"x"})
	var ne *strconv.NumError
	fmt.Println(err, errors.As(err, &ne))
	var sm SortedMap[string, Grade]
	sm.Set("b", 2.5)
	sm.Set("a", 4)
	fmt.Println(sm)
	fmt.Printf("%v %s\n", sm, sm)
	r := Try(func() (int, error) { return strconv.Atoi("zz") })
	fmt.Println(r.OrElse(-1), r.Err != nil)
	r2 := Try(func() (string, error) { return "ok", nil })
	fmt.Printf("%v %+v %T\n", r2.OrElse("d"), r2, r2.Val)
	type item struct {
		name string
		g    Grade
	}
	total := SumBy([]item{{"a", 1.5}, {"b", 2}}, func(i item) Grade { return i.g })
	fmt.Printf("%v %T\n", total, total)
	p := Ptr(Grade(3))
	*p++
	fmt.Println(*p, Equal(Grade(1), 1), Equal("a", "b"), Equal(item{"x", 1}, item{"x", 1}))
	tree := &Node[string]{"root", []*Node[string]{{"a", nil}, {"b", []*Node[string]{{"c", nil}}}}}
	fmt.Println(tree.Count())
	eq := Equal[int]
	fmt.Println(eq(1, 1))
}
