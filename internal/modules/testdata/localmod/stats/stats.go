// Package stats is a small library for the modules tests: functions, an interface cells
// implement, a struct cells embed, methods, constants, variables and a generic function.
package stats

import (
	"fmt"
	"math"
)

// Version is a constant cells read.
const Version = "v1-working-tree"

// Calls counts the calls of Mean: a variable cells read and write.
var Calls int

// Mean returns the mean of xs.
func Mean(xs []float64) float64 {
	Calls++
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// Shape is an interface cell types implement.
type Shape interface {
	Area() float64
}

// Total returns the sum of the shapes' areas.
func Total(shapes ...Shape) float64 {
	t := 0.0
	for _, s := range shapes {
		t += s.Area()
	}
	return t
}

// Point is a struct cells embed.
type Point struct{ X, Y float64 }

// Norm is the point's distance to the origin.
func (p Point) Norm() float64 { return math.Hypot(p.X, p.Y) }

// Map applies f to each element of xs: a generic function.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// Filter returns the elements of xs for which keep is true.
func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

// Reduce folds xs into an accumulator, starting from init.
func Reduce[T, A any](xs []T, f func(A, T) A, init A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

// Number is the constraint of Sum.
type Number interface {
	~int | ~int64 | ~float64
}

// Sum adds the numbers.
func Sum[N Number](xs ...N) N {
	var s N
	for _, x := range xs {
		s += x
	}
	return s
}

// Stack is a generic container with methods.
type Stack[T any] struct {
	items []T
}

// NewStack returns an empty stack.
func NewStack[T any]() *Stack[T] { return &Stack[T]{} }

// Push puts x on top.
func (s *Stack[T]) Push(x T) { s.items = append(s.items, x) }

// Pop takes the top element off; ok is false when the stack is empty.
func (s *Stack[T]) Pop() (x T, ok bool) {
	if len(s.items) == 0 {
		return x, false
	}
	x = s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}

// Len is the number of elements.
func (s *Stack[T]) Len() int { return len(s.items) }

// Pair is a generic struct.
type Pair[K comparable, V any] struct {
	Key K
	Val V
}

// String formats the pair.
func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

// Zip pairs keys with values.
func Zip[K comparable, V any](ks []K, vs []V) []Pair[K, V] {
	out := make([]Pair[K, V], 0, len(ks))
	for i := range min(len(ks), len(vs)) {
		out = append(out, Pair[K, V]{ks[i], vs[i]})
	}
	return out
}

// Labeler is a constraint with a method: Labels calls it on each element.
type Labeler interface {
	Label() string
}

// Labels returns the labels of xs, numbered.
func Labels[T Labeler](xs []T) []string {
	out := make([]string, 0, len(xs))
	for i, x := range xs {
		out = append(out, numbered(i, x.Label()))
	}
	return out
}

// numbered is an unexported helper of a generic function.
func numbered(i int, s string) string { return fmt.Sprintf("%d%s%s", i+firstIndex, sep, s) }

const (
	firstIndex = iota + 1
	sep        = ":"
)

// MeanBy maps xs to numbers and returns their Mean (a compiled function).
func MeanBy[T any](xs []T, f func(T) float64) float64 {
	return Mean(Map(xs, f))
}

// counted is a package variable a generic changes: its copy can't be interpreted.
var counted int

// Count counts xs in the package's tally and returns the tally.
func Count[T any](xs []T) int {
	counted += len(xs)
	return counted
}

// Ring and ringList refer to each other: a generic type the interpreter can't copy.
type Ring[T any] struct {
	next *Ring[T]
	list *ringList[T]
	Val  T
}

type ringList[T any] struct {
	root Ring[T]
	n    int
}

// NewRing returns a ring of one element.
func NewRing[T any](v T) *Ring[T] {
	l := &ringList[T]{n: 1}
	l.root = Ring[T]{list: l, Val: v}
	l.root.next = &l.root
	return &l.root
}
