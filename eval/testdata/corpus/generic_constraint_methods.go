// Generic functions constrained by an interface with methods.
package main

import (
	"fmt"
	"strings"
)

type Shape interface {
	Area() float64
}

type Rect struct{ W, H float64 }
type Tri struct{ B, H float64 }

func (r Rect) Area() float64 { return r.W * r.H }
func (t Tri) Area() float64  { return t.B * t.H / 2 }

func TotalArea[S Shape](shapes []S) float64 {
	total := 0.0
	for _, s := range shapes {
		total += s.Area()
	}
	return total
}

type Stringish interface {
	~string
}

func Upper[S Stringish](xs []S) []S {
	out := make([]S, len(xs))
	for i, x := range xs {
		out[i] = S(strings.ToUpper(string(x)))
	}
	return out
}

type Tag string

func main() {
	fmt.Println(TotalArea([]Rect{{2, 3}, {1, 1}}))
	fmt.Println(TotalArea([]Tri{{4, 2}}))
	fmt.Println(TotalArea([]Shape{Rect{1, 2}, Tri{2, 2}}))
	fmt.Println(Upper([]Tag{"a", "b"}), Upper([]string{"go"}))
}
