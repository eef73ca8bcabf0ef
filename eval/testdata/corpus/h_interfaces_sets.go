package main

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

type Shape interface {
	Area() float64
	Perimeter() float64
}

type Rect struct{ W, H float64 }
type Circle struct{ R float64 }
type Square struct{ Rect }

func (r Rect) Area() float64         { return r.W * r.H }
func (r Rect) Perimeter() float64    { return 2 * (r.W + r.H) }
func (c *Circle) Area() float64      { return math.Pi * c.R * c.R }
func (c *Circle) Perimeter() float64 { return 2 * math.Pi * c.R }
func (c *Circle) String() string     { return fmt.Sprintf("Circle(%.1f)", c.R) }

func NewSquare(s float64) Square { return Square{Rect{s, s}} }

type Named interface{ Name() string }

func (s Square) Name() string { return "square" }

func describe(s Shape) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%T area=%.2f perim=%.2f", s, s.Area(), s.Perimeter())
	if n, ok := s.(Named); ok {
		b.WriteString(" name=" + n.Name())
	}
	if st, ok := s.(fmt.Stringer); ok {
		b.WriteString(" str=" + st.String())
	}
	return b.String()
}

func main() {
	shapes := []Shape{Rect{3, 4}, &Circle{1}, NewSquare(2), &Rect{1, 1}}
	for _, s := range shapes {
		fmt.Println(describe(s))
	}
	sort.Slice(shapes, func(i, j int) bool { return shapes[i].Area() < shapes[j].Area() })
	for _, s := range shapes {
		fmt.Print(s, " ")
	}
	fmt.Println()
	var total float64
	for _, s := range shapes {
		switch v := s.(type) {
		case Square:
			total += v.W
		case *Circle:
			total += v.R * 10
		case Rect, *Rect:
			total += 100
		}
	}
	fmt.Println(total)
	var sh Shape
	fmt.Println(sh == nil)
	var cp *Circle
	sh = cp
	fmt.Println(sh == nil, sh != nil)
}
