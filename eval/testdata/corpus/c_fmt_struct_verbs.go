package main

import "fmt"

type Point struct {
	X, Y int
}

type Rect struct {
	Min, Max Point
	Label    string
	tags     []string
}

type Grid [2][2]int

func main() {
	p := Point{3, 4}
	r := Rect{Min: Point{0, 0}, Max: p, Label: "box", tags: []string{"a"}}
	fmt.Printf("%v\n", p)
	fmt.Printf("%+v\n", p)
	fmt.Printf("%#v\n", p)
	fmt.Printf("%T\n", p)
	fmt.Printf("%v\n", r)
	fmt.Printf("%+v\n", r)
	fmt.Printf("%#v\n", r)
	fmt.Printf("%v %+v\n", &p, &r)
	fmt.Printf("%#v\n", []Point{{1, 2}, {3, 4}})
	fmt.Printf("%#v\n", map[string]Point{"o": {}})
	fmt.Printf("%#v %T\n", Grid{{1, 2}, {3, 4}}, Grid{})
	var pp *Point
	fmt.Printf("%v %+v %#v\n", pp, pp, pp)
	fmt.Printf("%T %T %T\n", pp, []*Rect{}, map[Point][]Grid{})
}
