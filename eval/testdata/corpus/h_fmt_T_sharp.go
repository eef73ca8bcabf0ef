package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

type Point struct {
	X, Y int
}

type Line struct {
	A, B  Point
	Label string
	tags  []string
}

type Weekday int
type Name string
type Ratio float64
type IDs []int
type Lookup map[string]Point
type Handler func(int) error
type Box[T any] struct{ V T }

func main() {
	p := Point{1, 2}
	l := Line{p, Point{3, 4}, "diag", []string{"x"}}
	fmt.Printf("%T %T %T %T\n", p, &p, l, []Point{})
	fmt.Printf("%T %T %T %T\n", Weekday(1), Name("n"), Ratio(0.5), IDs{1})
	fmt.Printf("%T %T %T\n", Lookup{}, Handler(nil), Box[int]{})
	fmt.Printf("%T %T %T %T\n", errors.New("e"), fmt.Errorf("w %w", io.EOF), io.EOF, strings.NewReader(""))
	fmt.Printf("%T %T %T %T %T\n", nil, 'x', byte(1), 1+2i, [2]bool{})
	fmt.Printf("%T %T %T\n", make(chan int), func(string) bool { return false }, struct{ A int }{})
	fmt.Printf("%T %T\n", map[string][]int{}, &[]string{})
	fmt.Printf("%#v\n", p)
	fmt.Printf("%#v\n", &p)
	fmt.Printf("%#v\n", l)
	fmt.Printf("%#v\n", []Point{{1, 2}})
	fmt.Printf("%#v\n", map[string]Point{"o": {}})
	fmt.Printf("%#v %#v %#v %#v\n", Weekday(2), Name("n"), Ratio(1), IDs{1, 2})
	fmt.Printf("%#v %#v\n", Lookup{"a": {1, 1}}, Box[string]{"s"})
	fmt.Printf("%#v %#v %#v %#v\n", 1.0, "q", []byte("hi"), [2]int{})
	fmt.Printf("%#v %#v\n", struct{ A, b int }{1, 2}, []any{1, "a", nil})
	fmt.Printf("%#x %#o %#b %#q\n", 255, 8, 5, "back`tick")
	var pp *Point
	fmt.Printf("%#v %v %+v\n", pp, pp, pp)
	var ip any = p
	fmt.Printf("%T %v\n", ip, ip)
	fmt.Printf("%v %+v\n", []*int{nil}, map[Point]string{{2, 1}: "b", {1, 9}: "a"})
}
