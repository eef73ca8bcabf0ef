// A registry keyed by type name through %T of values in interfaces.
package main

import "fmt"

type Circle struct{ R float64 }
type Square struct{ S float64 }
type Point struct{ X, Y float64 }

func (c Circle) Area() float64 { return 3 * c.R * c.R }
func (s Square) Area() float64 { return s.S * s.S }

type Shape interface{ Area() float64 }

func main() {
	shapes := []Shape{Circle{1}, Square{2}, Circle{2}}
	byType := map[string]int{}
	for _, s := range shapes {
		byType[fmt.Sprintf("%T", s)]++
	}
	fmt.Println(byType)
	var things []any = []any{Point{1, 2}, Circle{3}, &Square{4}}
	for _, t := range things {
		fmt.Printf("%T %v\n", t, t)
	}
}
