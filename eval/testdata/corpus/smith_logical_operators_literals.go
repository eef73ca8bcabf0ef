// || and && whose left operand compares composite literals, in a function literal that
// reads a named result of the function around it.
package main

import "fmt"

type Point struct {
	X, Y int
	Tag  string
}

func classify() (p Point, label string) {
	func() int {
		if (Point{Tag: ""} == Point{}) || p.X > 0 {
			label += "origin "
		}
		if (Point{X: 1} == Point{}) && p.Tag == "" {
			label += "never "
		}
		if ([2]int{1, 2} == [2]int{1, 2}) && !(p.Y != 0) {
			label += "arrays"
		}
		return 1
	}()
	return p, label
}

func main() {
	fmt.Println(classify())
	ok := true
	fmt.Println(Point{} == Point{} || !ok, (Point{} != Point{}) && ok, (ok) && !ok)
}
