package main

import "fmt"

// A switch on an interface value with case values of cell types with methods.
type Color struct{ R, G, B uint8 }

func (c Color) Hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

type Shape interface{ Area() float64 }

type Square struct{ Side float64 }

func (s Square) Area() float64 { return s.Side * s.Side }

type Circle struct{ R float64 }

func (c Circle) Area() float64 { return 3 * c.R * c.R }

var (
	Red   = Color{255, 0, 0}
	Green = Color{0, 255, 0}
)

func name(v any) string {
	switch v {
	case Red:
		return "red"
	case Green:
		return "green"
	case Color{0, 0, 255}:
		return "blue"
	case nil:
		return "nil"
	case 7:
		return "seven"
	}
	return fmt.Sprint("other ", v)
}

func unit(s Shape) string {
	switch s {
	case Square{1}:
		return "unit square"
	case Circle{1}:
		return "unit circle"
	}
	return fmt.Sprintf("area %.1f", s.Area())
}

func main() {
	for _, v := range []any{Color{255, 0, 0}, Green, Color{0, 0, 255}, Color{1, 2, 3}, nil, 7, "7"} {
		fmt.Println(name(v))
	}
	for _, s := range []Shape{Square{1}, Circle{1}, Square{2}, Circle{2}} {
		fmt.Println(unit(s))
	}
	var a, b Shape = Square{3}, Square{3}
	fmt.Println(a == b, a == Shape(Circle{3}), a != Square{3})
}
