package main

import (
	"fmt"
	"sort"
)

// Constraints that name type parameters declared after them, or through a core type
// (~map[K]V, ~[]E, ~struct{...}), with explicit and inferred type arguments.

func CopyMap[M interface{ ~map[K]V }, K comparable, V any](m M) M {
	out := make(M, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

type Scores map[string]int

type SliceOf[E any] interface{ ~[]E }

type MySlice []int

func Double[S SliceOf[E], E ~int | ~float64](s S) S {
	r := make(S, len(s))
	for i, v := range s {
		r[i] = v + v
	}
	return r
}

type Pt[T any] interface {
	~struct{ X, Y T }
	Sum() T
}

type IntPt struct{ X, Y int }

func (p IntPt) Sum() int { return p.X + p.Y }

func Total[T ~int, P Pt[T]](ps ...P) T {
	var t T
	for _, p := range ps {
		t += p.Sum()
	}
	return t
}

type PtrTo[T any] interface{ *T }

func NewOf[T any, P PtrTo[T]]() P { return P(new(T)) }

func keys[M ~map[K]V, K comparable, V any](m M) []K {
	var ks []K
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func main() {
	var m map[*string]int
	fmt.Println(len(CopyMap(m)))
	s := Scores{"a": 1, "b": 2}
	c := CopyMap(s)
	c["a"] = 10
	fmt.Printf("%T %v %v\n", c, s["a"], c["a"])
	fmt.Println(CopyMap[map[int]bool, int, bool](map[int]bool{1: true}))
	d := Double(MySlice{1, 2, 3})
	fmt.Printf("%T %v\n", d, d)
	fmt.Println(Double[[]float64]([]float64{1.5}))
	fmt.Println(Total[int](IntPt{1, 2}, IntPt{3, 4}))
	p := NewOf[IntPt]()
	p.X = 5
	fmt.Println(*p, p.Sum())
	ks := keys(s)
	sort.Strings(ks)
	fmt.Println(ks)
}
