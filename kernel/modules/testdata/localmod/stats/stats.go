// Package stats is a small library for the modules tests: functions, an interface cells
// implement, a struct cells embed, methods, constants, variables and a generic function.
package stats

import "math"

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
