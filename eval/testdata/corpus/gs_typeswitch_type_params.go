package main

import "fmt"

type Shape interface{ Area() int }

type Square int

func (s Square) Area() int { return int(s * s) }

type Circle float64

func (c Circle) Area() int { return int(3 * c * c) }

type Labeled int32

func (l Labeled) Area() int     { return int(l) }
func (l Labeled) Label() string { return "L" }

type Meter int

func (m Meter) Len() int { return int(m) }

type Foot float64

func (f Foot) Len() float64 { return float64(f) }

func kind[T Shape](s Shape) string {
	switch v := s.(type) {
	case T, Labeled:
		return fmt.Sprintf("T-or-Labeled(%d)", v.Area())
	default:
		return fmt.Sprintf("other(%d)", v.Area())
	}
}

func measure[T any](x any) string {
	switch v := x.(type) {
	case interface{ Len() T }:
		return fmt.Sprint("len ", v.Len())
	case Meter:
		return "meter"
	default:
		return "none"
	}
}

func lener[T any](x any) bool {
	_, ok := x.(interface{ Len() T })
	return ok
}

func exact[T any](x any) string {
	switch x.(type) {
	case T:
		return "T"
	case int:
		return "int"
	}
	return "-"
}

func main() {
	fmt.Println(kind[Circle](Square(2)), kind[Circle](Circle(1)), kind[Circle](Labeled(5)))
	fmt.Println(kind[Labeled](Labeled(6)), kind[Square](Circle(1)), kind[Shape](Square(3)))
	fmt.Println(measure[int](Meter(4)), measure[float64](Meter(4)), measure[float64](Foot(2.5)), measure[int](3))
	fmt.Println(lener[int](Meter(1)), lener[int](Foot(1)), lener[float64](Foot(1)), lener[int](1))
	fmt.Println(exact[float64](1.5), exact[float64](2), exact[any](2), exact[any](nil), exact[fmt.Stringer](Square(1)))
}
