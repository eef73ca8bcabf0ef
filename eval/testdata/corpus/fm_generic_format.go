// Format and GoString on generic types, and values of formatter types printed from inside
// generic functions through a type parameter.
package main

import (
	"fmt"
	"strings"
)

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) Format(f fmt.State, verb rune) {
	if f.Flag('+') {
		fmt.Fprintf(f, "%v => %+v", p.Key, p.Val)
		return
	}
	fmt.Fprintf(f, "%v=%v", p.Key, p.Val)
}

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s Stack[T]) GoString() string { return fmt.Sprintf("Stack(%d items)", len(s.items)) }

type Money int64

func (m Money) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, "$%d.%02d", int64(m)/100, int64(m)%100)
}

func show[T any](label string, v T) string {
	return fmt.Sprintf("%s: %v|%+v|%T", label, v, v, v)
}

func join[T any](xs []T) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ",")
}

func main() {
	p := Pair[string, Money]{"rent", 120000}
	fmt.Println(p)
	fmt.Printf("%+v\n", p)
	fmt.Println([]Pair[int, string]{{1, "a"}, {2, "b"}})
	var s Stack[Money]
	s.Push(5)
	s.Push(7)
	fmt.Printf("%#v %v\n", s, s.items)
	fmt.Println(show("m", Money(250)))
	fmt.Println(show("p", p))
	fmt.Println(join([]Money{1, 20, 300}))
	fmt.Println(join([]any{Money(9), "x", Pair[string, int]{"k", 1}}))
}
