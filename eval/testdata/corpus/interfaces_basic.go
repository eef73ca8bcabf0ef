// Interfaces: dynamic dispatch over a slice of shapes, type assertions.
package main

import (
	"fmt"
	"math"
)

type Shape interface {
	Area() float64
	Perimeter() float64
}

type Circle struct{ R float64 }
type Square struct{ S float64 }

func (c Circle) Area() float64      { return math.Pi * c.R * c.R }
func (c Circle) Perimeter() float64 { return 2 * math.Pi * c.R }
func (s Square) Area() float64      { return s.S * s.S }
func (s Square) Perimeter() float64 { return 4 * s.S }

func total(shapes ...Shape) float64 {
	t := 0.0
	for _, s := range shapes {
		t += s.Area()
	}
	return t
}

func main() {
	shapes := []Shape{Circle{1}, Square{2}, Circle{0.5}}
	for _, s := range shapes {
		fmt.Printf("%.3f %.3f\n", s.Area(), s.Perimeter())
	}
	fmt.Printf("total %.2f\n", total(shapes...))
	if c, ok := shapes[0].(Circle); ok {
		fmt.Println("circle radius", c.R)
	}
	_, ok := shapes[1].(Circle)
	fmt.Println(ok)
	var s Shape
	fmt.Println(s == nil)
}
