// Structs: literals, field access, comparison, copies and pointers.
package main

import "fmt"

type Point struct {
	X, Y int
}

type Rect struct {
	Min, Max Point
	Label    string
}

func (r Rect) Area() int { return (r.Max.X - r.Min.X) * (r.Max.Y - r.Min.Y) }

func (r *Rect) Grow(d int) {
	r.Max.X += d
	r.Max.Y += d
}

func main() {
	r := Rect{Min: Point{0, 0}, Max: Point{2, 3}, Label: "r"}
	fmt.Println(r, r.Area())
	r2 := r
	r2.Grow(1)
	fmt.Println(r.Area(), r2.Area())
	fmt.Println(r == r2, Point{1, 2} == Point{1, 2})
	p := &r.Max
	p.X = 10
	fmt.Println(r.Max, r.Area())
	var zero Rect
	fmt.Printf("%+v\n", zero)
	pts := map[Point]string{{1, 2}: "a"}
	fmt.Println(pts[Point{1, 2}])
}
