// Method expressions T.M and (*T).M, used as ordinary functions.
package main

import "fmt"

type Point struct{ X, Y int }

func (p Point) Sum() int          { return p.X + p.Y }
func (p Point) Scale(k int) Point { return Point{p.X * k, p.Y * k} }
func (p *Point) Move(dx, dy int)  { p.X += dx; p.Y += dy }
func (p *Point) Describe() string { return fmt.Sprint("(", p.X, ",", p.Y, ")") }

func apply(f func(Point) int, ps []Point) []int {
	var r []int
	for _, p := range ps {
		r = append(r, f(p))
	}
	return r
}

func main() {
	sum := Point.Sum
	fmt.Println(sum(Point{1, 2}))
	scale := Point.Scale
	fmt.Println(scale(Point{1, 2}, 3))
	move := (*Point).Move
	p := Point{0, 0}
	move(&p, 2, 5)
	fmt.Println(p)
	fmt.Println((*Point).Describe(&p))
	fmt.Println(apply(Point.Sum, []Point{{1, 1}, {2, 3}}))
	fmt.Printf("%T\n", sum)
}
