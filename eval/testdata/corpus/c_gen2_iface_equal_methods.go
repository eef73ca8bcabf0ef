package main

import "fmt"

// Interface values holding equal values of a type with methods are equal.
type Box[T any] struct{ V T }

func (b Box[T]) Get() T { return b.V }

type Point struct{ X, Y int }

func (p Point) Norm1() int { return abs(p.X) + abs(p.Y) }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func main() {
	var x any = Box[any]{nil}
	fmt.Println(x == any(Box[any]{}), x == any(Box[any]{nil}))
	var p any = Point{1, 2}
	seen := map[any]bool{Point{1, 2}: true}
	fmt.Println(p == any(Point{1, 2}), p == any(Point{2, 1}), seen[p])
	var z any = Box[int]{1}
	fmt.Println(z == any(Box[int]{1}))
}
