// %#v of the program's own types.
package main

import "fmt"

type Point struct {
	X, Y int
}

type Line struct {
	From, To Point
	Label    string
}

type Color int

type Tags []string

func main() {
	p := Point{1, 2}
	fmt.Printf("%#v\n", p)
	fmt.Printf("%#v\n", &p)
	fmt.Printf("%#v\n", Line{Point{0, 0}, Point{3, 4}, "diag"})
	fmt.Printf("%#v\n", []Point{{1, 1}})
	fmt.Printf("%#v\n", map[string]Point{"o": {}})
	fmt.Printf("%#v\n", Color(3))
	fmt.Printf("%#v\n", Tags{"a", "b"})
	fmt.Printf("%+v\n", Line{To: Point{5, 6}})
}
