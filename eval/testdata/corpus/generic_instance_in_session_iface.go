package main

import "fmt"

// Values of generic types' instances held in an any, asserted to an interface
// declared in the program (typeparam/genembed.go of Go's test suite).

type getter[T any] interface{ get() T }

type named interface{ name() string }

type B[T any] struct{ val T }

func (b *B[T]) get() T         { return b.val }
func (b B[T]) name() string    { return fmt.Sprintf("B(%v)", b.val) }
func (b *B[T]) String() string { return "ptr" }

type A[T any] struct{ B[T] }

type Pair[K comparable, V any] struct {
	k K
	v V
}

func (p Pair[K, V]) name() string { return fmt.Sprint(p.k, "=", p.v) }

func doGet[T any](i any) T {
	return i.(getter[T]).get()
}

func describe(x any) string {
	g, okG := x.(getter[string])
	n, okN := x.(named)
	s := ""
	if okG {
		s += "getter[string] " + g.get() + "; "
	}
	if okN {
		s += "named " + n.name()
	}
	if s == "" {
		s = "neither"
	}
	return s
}

func main() {
	as := A[string]{B[string]{"abc"}}
	ai := A[int]{B[int]{3}}
	fmt.Println(doGet[string](&as), doGet[int](&ai))
	for _, x := range []any{as, &as, ai, &ai, Pair[string, int]{"k", 1}, &Pair[int, bool]{2, true}, B[string]{"b"}} {
		fmt.Println(describe(x))
	}
	_, ok := any(&ai).(getter[string])
	fmt.Println("*A[int] is a getter[string]:", ok)
}
