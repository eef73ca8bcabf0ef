package main

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func GroupBy[T any, K comparable](xs []T, key func(T) K) map[K][]T {
	m := map[K][]T{}
	for _, x := range xs {
		k := key(x)
		m[k] = append(m[k], x)
	}
	return m
}

func Keys[M ~map[K]V, K cmp.Ordered, V any](m M) []K {
	ks := make([]K, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

type Result[T any] struct {
	Val T
	Err error
}

func Try[T any](f func() (T, error)) Result[T] {
	v, err := f()
	return Result[T]{v, err}
}

func (r Result[T]) OrElse(def T) T {
	if r.Err != nil {
		return def
	}
	return r.Val
}

type Pair[A, B any] struct {
	First  A
	Second B
}

func Zip[A, B any](as []A, bs []B) []Pair[A, B] {
	n := min(len(as), len(bs))
	out := make([]Pair[A, B], n)
	for i := range n {
		out[i] = Pair[A, B]{as[i], bs[i]}
	}
	return out
}

type Stack[T any] []T

func (s *Stack[T]) Push(v T) { *s = append(*s, v) }
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(*s) == 0 {
		return zero, false
	}
	v := (*s)[len(*s)-1]
	*s = (*s)[:len(*s)-1]
	return v, true
}

type Number interface {
	~int | ~int64 | ~float64
}

func SumOf[N Number](ns ...N) N {
	var t N
	for _, n := range ns {
		t += n
	}
	return t
}

type Celsius float64

func main() {
	words := strings.Fields("go is fun and go is fast")
	lens := Map(words, func(s string) int { return len(s) })
	fmt.Println(lens)
	long := Filter(words, func(s string) bool { return len(s) > 2 })
	fmt.Println(long)
	total := Reduce(lens, 0, func(a, b int) int { return a + b })
	joined := Reduce(words, "", func(acc string, w string) string { return acc + strings.ToUpper(w[:1]) })
	fmt.Println(total, joined)
	g := GroupBy(words, func(s string) int { return len(s) })
	for _, k := range Keys(g) {
		fmt.Println(k, g[k])
	}
	r1 := Try(func() (int, error) { return strconv.Atoi("42") })
	r2 := Try(func() (int, error) { return strconv.Atoi("x") })
	fmt.Println(r1.OrElse(-1), r2.OrElse(-1), r2.Err != nil)
	r3 := Try(func() (string, error) { return "", errors.New("nope") })
	fmt.Printf("%q %v\n", r3.OrElse("default"), r3.Err)
	zs := Zip([]string{"a", "b", "c"}, []int{1, 2})
	fmt.Printf("%v %+v\n", zs, zs[0])
	var st Stack[string]
	st.Push("x")
	st.Push("y")
	v, ok := st.Pop()
	fmt.Println(v, ok, len(st))
	fmt.Println(SumOf(1, 2, 3), SumOf(1.5, 2.5), SumOf[Celsius](10, 20.5))
	strs := Map([]int{3, 1, 2}, strconv.Itoa)
	sort.Strings(strs)
	fmt.Println(strings.Join(strs, "-"))
	idx := slices.IndexFunc(words, func(s string) bool { return strings.HasPrefix(s, "f") })
	fmt.Println(idx, slices.ContainsFunc(words, func(s string) bool { return s == "and" }))
}
