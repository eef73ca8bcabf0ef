// Instances of generic types with String and Error methods that only generic code makes
// (H[T]{v} in a generic function called with int8 makes H[int8], which no expression of
// main has as its type): printed without their methods before, as their fields. Through
// calls of generic functions from generic functions, methods of generic types, deferred
// calls, a generic function used as a value, an instance as another's type argument.

package main

import (
	"errors"
	"fmt"
)

type N int

func (n N) String() string { return fmt.Sprintf("N<%d>", int(n)) }

type H[T any] struct{ V T }

func (h H[T]) String() string { return fmt.Sprintf("H<%v>", h.V) }

type P[T any] struct{ V T }

func (p *P[T]) String() string { return fmt.Sprintf("P<%v>", p.V) }

type E[T any] struct{ C T }

func (e E[T]) Error() string { return fmt.Sprint("E=", e.C) }

type L[T any] []T

func (l L[T]) String() string { return fmt.Sprintf("L%d", len(l)) }

type Box[T any] struct {
	In H[T]
	Ps []*P[T]
}

func (b Box[T]) Wrap() any { return H[[]T]{[]T{b.In.V}} }

func lvl1[T any](v T) { lvl2(v, []T{v}) }
func lvl2[A, B any](a A, b B) {
	fmt.Println("lvl2", H[A]{a}, H[B]{b}, &P[A]{a}, L[B]{b}, H[H[A]]{H[A]{a}})
	var e error = E[A]{a}
	fmt.Println(e, errors.Unwrap(e) == nil)
}

func mk[T any](v T) Box[T] { return Box[T]{H[T]{v}, []*P[T]{{v}}} }

func deferred[T any](v T) {
	defer fmt.Println("deferred", H[T]{v})
	for i := range func(yield func(int) bool) { yield(7) } {
		defer fmt.Println(i, H[T]{v}, map[string]H[T]{"k": {v}})
	}
}

func main() {
	lvl1(N(5))
	lvl1("s")
	b := mk(2.5)
	fmt.Println(b, b.Wrap())
	fmt.Printf("%v %+v %s\n", b.Wrap(), b, b.In)
	deferred(uint8(9))
	f := lvl1[bool]
	f(true)
}
