// Generic helpers instantiated with named types of several kinds.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Meters float64
type Count int
type Name string

type Number interface {
	~int | ~int64 | ~float64
}

func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Keys[K comparable, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

type Set[T comparable] map[T]struct{}

func (s Set[T]) Add(v T)      { s[v] = struct{}{} }
func (s Set[T]) Has(v T) bool { _, ok := s[v]; return ok }

func kindOf[T any](v T) string {
	switch any(v).(type) {
	case Meters:
		return "meters"
	case float64:
		return "float64"
	case Count:
		return "count"
	case int:
		return "int"
	}
	return fmt.Sprintf("%T", v)
}

func main() {
	legs := []Meters{120.5, 80, 42.25}
	total := Sum(legs)
	fmt.Printf("%v %T\n", total, total)
	fmt.Println(Sum([]Count{1, 2, 3}), Sum([]int{4, 5}))

	stock := map[Name]Count{"bolt": 12, "nut": 30, "gear": 2}
	names := Keys(stock)
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	fmt.Println(names, Map(names, func(n Name) string { return strings.ToUpper(string(n)) }))

	s := Set[Name]{}
	s.Add("bolt")
	fmt.Println(s.Has("bolt"), s.Has(Name("nut")), len(s))

	fmt.Println(kindOf(Meters(1)), kindOf(1.0), kindOf(Count(1)), kindOf(1), kindOf(Name("x")))
}
