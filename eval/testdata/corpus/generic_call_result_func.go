package main

// Calling a function value returned by an instance of a generic function, whose
// type comes from a generic call (yaegi patch 145).

import "fmt"

type Gen[A any] func() (A, bool)

func Combine[T1, T2, T any](g1 Gen[T1], g2 Gen[T2], join func(T1, T2) T) Gen[T] {
	return func() (T, bool) {
		var t T
		t1, ok := g1()
		if !ok {
			return t, false
		}
		t2, ok := g2()
		if !ok {
			return t, false
		}
		return join(t1, t2), true
	}
}

type Pair[A, B any] struct {
	A A
	B B
}

func NewPair[A, B any](a A, b B) Pair[A, B] { return Pair[A, B]{a, b} }

func Combine2[A, B any](ga Gen[A], gb Gen[B]) Gen[Pair[A, B]] {
	return Combine(ga, gb, NewPair[A, B])
}

func main() {
	var g1 Gen[int] = func() (int, bool) { return 3, true }
	var g3 Gen[string] = func() (string, bool) { return "y", true }
	gc3 := Combine[int, string, Pair[int, string]](g1, g3, NewPair[int, string])
	got, ok := gc3()
	fmt.Println(got, ok)
	fmt.Println(got.A)
	gc4 := Combine2[int, string](g1, g3)
	got, ok = gc4()
	fmt.Println(got, ok, got.A)
	gc5 := Combine2(g1, func() (string, bool) { return "", false })
	p, ok := gc5()
	fmt.Printf("%+v %v\n", p, ok)
}
