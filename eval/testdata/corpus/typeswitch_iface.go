// Type switches with interface cases of the session's own interfaces, with bindings.
package main

import (
	"fmt"
	"math"
)

type Shape interface{ Area() float64 }
type Namer interface{ Name() string }

type Circle struct{ R float64 }
type Rect struct{ W, H float64 }
type Label string

func (c Circle) Area() float64 { return math.Pi * c.R * c.R }
func (c Circle) Name() string  { return "circle" }
func (r *Rect) Area() float64  { return r.W * r.H }
func (l Label) Name() string   { return string(l) }

func describe(v any) string {
	switch x := v.(type) {
	case Shape:
		return fmt.Sprintf("shape with area %.2f", x.Area())
	case Namer:
		return "named " + x.Name()
	case fmt.Stringer, error:
		return fmt.Sprint("printable ", x)
	default:
		return fmt.Sprintf("something else: %v", x)
	}
}

func main() {
	for _, v := range []any{Circle{1}, &Rect{2, 3}, Rect{1, 1}, Label("tag"), 42} {
		fmt.Println(describe(v))
	}
	var s Shape = Circle{2}
	if n, ok := s.(Namer); ok {
		fmt.Println("also named", n.Name())
	}
	if _, ok := s.(*Rect); !ok {
		fmt.Println("not a rect")
	}
}
