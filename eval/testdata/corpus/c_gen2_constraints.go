package main

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

type Number interface {
	~int | ~int64 | ~float64
}

type Celsius float64

type Meters int

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func SumBy[T any, N Number](xs []T, f func(T) N) N {
	var s N
	for _, x := range xs {
		s += f(x)
	}
	return s
}

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
	return slices.MaxFunc(shapes, func(a, b S) int { return cmp.Compare(a.Area(), b.Area()) })
}

func Clamp[T cmp.Ordered](v, lo, hi T) T {
	return max(lo, min(v, hi))
}

func main() {
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.25), Sum[Celsius](20.5, 1.5), Sum(Meters(3), Meters(4)))
	shapes := []Shape{Rect{2, 3}, Circle{1}, Rect{1, 1}}
	fmt.Printf("%.3f\n", SumBy(shapes, Shape.Area))
	big := Largest(shapes)
	fmt.Println(big.Name(), Largest([]Rect{{1, 2}, {3, 1}}))
	fmt.Println(Clamp(15, 0, 10), Clamp("m", "a", "k"), Clamp(Celsius(-3), 0, 100))
	fmt.Printf("%v %T\n", Sum[Meters](), Sum[Meters]())
}
