package main

import (
	"fmt"
	"math"
)

type Shape interface{ Area() float64 }

type Circle struct{ R float64 }
type Rect struct{ W, H float64 }
type Tri struct{ A, B, C float64 }
type Group []Shape

func (c Circle) Area() float64 { return math.Pi * c.R * c.R }
func (r Rect) Area() float64   { return r.W * r.H }
func (t *Tri) Area() float64 {
	s := (t.A + t.B + t.C) / 2
	return math.Sqrt(s * (s - t.A) * (s - t.B) * (s - t.C))
}
func (g Group) Area() float64 {
	t := 0.0
	for _, s := range g {
		t += s.Area()
	}
	return t
}

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case Circle:
		return fmt.Sprintf("circle r=%g", x.R)
	case Rect, *Rect:
		return fmt.Sprintf("rect-ish %v", x)
	case *Tri:
		return fmt.Sprintf("tri %.3f", x.Area())
	case Group:
		return fmt.Sprintf("group of %d, %.2f", len(x), x.Area())
	case Shape:
		return "other shape"
	case int, int64:
		return fmt.Sprintf("integer %v", x)
	case error:
		return "error " + x.Error()
	case fmt.Stringer:
		return "stringer " + x.String()
	case func() int:
		return fmt.Sprint("func ", x())
	default:
		return fmt.Sprintf("unknown %T", x)
	}
}

func main() {
	vals := []any{nil, Circle{1}, Rect{2, 3}, &Rect{1, 1}, &Tri{3, 4, 5}, Group{Circle{1}, Rect{1, 2}}, 7, int64(8), int32(9), fmt.Errorf("bad"), func() int { return 3 }, 2.5, []int{1}}
	for _, v := range vals {
		fmt.Println(describe(v))
	}
	var s Shape
	fmt.Println(s == nil, describe(s))
	var tp *Tri
	s = tp
	fmt.Println(s == nil, s != nil)
	areas := map[string]float64{}
	for _, sh := range []Shape{Circle{2}, Rect{2, 2}, &Tri{5, 12, 13}} {
		areas[fmt.Sprintf("%T", sh)] = math.Round(sh.Area()*100) / 100
	}
	fmt.Println(areas)
}
