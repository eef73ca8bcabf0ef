package main

import "fmt"

type Pair[A, B any] struct {
	First  A
	Second B
}

func MakePair[A, B any](a A, b B) Pair[A, B] { return Pair[A, B]{a, b} }

func (p Pair[A, B]) Swap() Pair[B, A] { return Pair[B, A]{p.Second, p.First} }

func (p Pair[A, B]) String() string { return fmt.Sprintf("(%v, %v)", p.First, p.Second) }

func Zip[A, B any](as []A, bs []B) []Pair[A, B] {
	n := min(len(as), len(bs))
	out := make([]Pair[A, B], n)
	for i := range n {
		out[i] = MakePair(as[i], bs[i])
	}
	return out
}

func Keys[M ~map[K]V, K comparable, V any](m M) int { return len(m) }

func First[S ~[]E, E any](s S) (E, bool) {
	if len(s) == 0 {
		var z E
		return z, false
	}
	return s[0], true
}

type Names []string
type Ages map[string]int

func main() {
	p := MakePair("x", 3.5)
	fmt.Println(p, p.Swap())
	fmt.Printf("%T %T\n", p, p.Swap())
	fmt.Printf("%+v\n", Pair[int, []string]{1, []string{"a"}})
	z := Zip([]int{1, 2, 3}, []string{"one", "two"})
	fmt.Println(z, len(z))
	fmt.Println(Keys(Ages{"a": 1, "b": 2}))
	n, ok := First(Names{"zed", "amy"})
	fmt.Println(n, ok)
	_, ok = First([]Pair[int, int]{})
	fmt.Println(ok)
	var f func(int, bool) Pair[int, bool] = MakePair[int, bool]
	fmt.Println(f(7, true))
}
