package main

import (
	"fmt"
	"math"
)

type Vec struct{ X, Y float64 }

func (v Vec) Len() float64     { return math.Hypot(v.X, v.Y) }
func (v Vec) Add(o Vec) Vec    { return Vec{v.X + o.X, v.Y + o.Y} }
func (v *Vec) Scale(f float64) { v.X *= f; v.Y *= f }
func (v Vec) String() string   { return fmt.Sprintf("(%g,%g)", v.X, v.Y) }

type Shape interface {
	Area() float64
	Name() string
}

type Sq float64

func (s Sq) Area() float64 { return float64(s * s) }
func (s Sq) Name() string  { return "square" }

func main() {
	length := Vec.Len
	add := Vec.Add
	scale := (*Vec).Scale
	v := Vec{3, 4}
	fmt.Println(length(v), add(v, Vec{1, 1}))
	scale(&v, 2)
	fmt.Println(v, (*Vec).Len(&v))
	fmt.Printf("%T\n%T\n%T\n", length, add, scale)
	area := Shape.Area
	name := Shape.Name
	var shapes = []Shape{Sq(2), Sq(3)}
	for _, s := range shapes {
		fmt.Println(name(s), area(s))
	}
	fns := map[string]func(Vec) float64{"len": Vec.Len, "x": func(v Vec) float64 { return v.X }}
	fmt.Println(fns["len"](Vec{6, 8}), fns["x"](Vec{6, 8}))
	str := fmt.Stringer.String
	fmt.Println(str(Vec{1, 2}))
}
