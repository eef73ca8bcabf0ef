// Method expressions on interface types and on types from other packages.
package main

import (
	"fmt"
	"strings"
)

type Shape interface{ Area() float64 }

type Sq float64

func (s Sq) Area() float64 { return float64(s * s) }

func main() {
	area := Shape.Area
	fmt.Println(area(Sq(3)))
	str := fmt.Stringer.String
	_ = str
	rep := (*strings.Replacer).Replace
	r := strings.NewReplacer("a", "b")
	fmt.Println(rep(r, "banana"))
	fields := []func(string) []string{strings.Fields}
	fmt.Println(fields[0](" x y "))
}
