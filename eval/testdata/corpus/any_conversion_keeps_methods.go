package main

import (
	"fmt"
	"strings"
)

// any(v) for a v whose type has methods declared in the program, asserted to an
// interface (yaegi patch 131).

type B struct{ val string }

func (b *B) get() string { return "get " + b.val }

type getter interface{ get() string }
type A struct{ B }

type C int

func (c C) String() string { return strings.Repeat("c", int(c)) }

type G[T any] struct{ v T }

func (g *G[T]) get() string { return fmt.Sprint("G ", g.v) }

func main() {
	b := &B{"b"}
	fmt.Println(any(b).(getter).get())
	a := &A{B{"a"}}
	fmt.Println(any(a).(getter).get())
	fmt.Println(any(C(3)).(fmt.Stringer).String())
	s, ok := interface{}(C(2)).(interface{ String() string })
	fmt.Println(s, ok)
	fmt.Println(any(&G[int]{4}).(getter).get())
	fmt.Println(any(b) == any(b), any(C(1)) == any(C(1)), any(C(1)) == any(1))
	var xs []any
	xs = append(xs, any(a), any(C(1)))
	fmt.Println(xs[0].(getter).get(), xs[1])
}
