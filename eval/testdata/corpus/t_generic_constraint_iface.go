// A generic function constrained by an interface with methods, called with an interface type.
package main

import (
	"fmt"
	"math"
)

type Shape interface {
	Area() float64
	Name() string
}

type Rect struct{ W, H float64 }
type Circle struct{ R float64 }

func (r Rect) Area() float64   { return r.W * r.H }
func (r Rect) Name() string    { return "rect" }
func (c Circle) Area() float64 { return math.Pi * c.R * c.R }
func (c Circle) Name() string  { return "circle" }

func Largest[S Shape](shapes []S) S {
	var best S
	for i, s := range shapes {
		if i == 0 || s.Area() > best.Area() {
			best = s
		}
	}
	return best
}

func main() {
	rects := []Rect{{1, 2}, {3, 4}, {2, 2}}
	fmt.Println(Largest(rects))
	mixed := []Shape{Rect{1, 1}, Circle{1}, Rect{2, 1}}
	l := Largest(mixed)
	fmt.Printf("%s %.2f\n", l.Name(), l.Area())
}
