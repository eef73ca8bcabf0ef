// Sorting heterogeneous values with comma-ok assertions in a loop, including wrapped shapes.
package main

import (
	"fmt"
	"strings"
)

type Shape interface{ Area() float64 }

type Circle struct{ R float64 }
type Box struct{ W, H float64 }

func (c Circle) Area() float64 { return 3 * c.R * c.R }
func (b Box) Area() float64    { return b.W * b.H }

type Tagged struct {
	Shape
	Tags []string
}

type Note struct{ Text string }

func main() {
	items := []any{Circle{1}, Box{2, 3}, Note{"hi"}, Tagged{Box{1, 1}, []string{"unit"}}, 7, Note{}}
	var shapes, notes, other int
	for i, it := range items {
		s, isShape := it.(Shape)
		n, isNote := it.(Note)
		t, isTagged := it.(Tagged)
		switch {
		case isTagged:
			fmt.Println(i, "tagged", strings.Join(t.Tags, ","), t.Area(), s != nil)
			shapes++
		case isShape:
			fmt.Printf("%d shape %.0f tags=%v\n", i, s.Area(), t.Tags)
			shapes++
		case isNote:
			fmt.Printf("%d note %q\n", i, n.Text)
			notes++
		default:
			fmt.Printf("%d other %v note=%q shape=%v\n", i, it, n.Text, s)
			other++
		}
	}
	var last Shape
	for _, s := range []Shape{Circle{2}, Tagged{Circle{1}, nil}, Box{1, 2}} {
		if t, ok := s.(Tagged); ok {
			last = t.Shape
		}
		c, isCircle := s.(Circle)
		fmt.Println(isCircle, c.R)
	}
	fmt.Println(shapes, notes, other, last)
}
