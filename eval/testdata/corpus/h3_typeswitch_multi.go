package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
)

type Shape interface{ Area() float64 }

type Rect struct{ W, H float64 }
type Circle struct{ R float64 }

func (r Rect) Area() float64    { return r.W * r.H }
func (c *Circle) Area() float64 { return 3 * c.R * c.R }

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v (%T)", x, x)
	case string:
		return "string of " + strconv.Itoa(len(x))
	case error:
		return "error: " + x.Error()
	case Shape:
		return fmt.Sprintf("shape %.1f", x.Area())
	case []any:
		s := "list["
		for i, e := range x {
			if i > 0 {
				s += ", "
			}
			s += describe(e)
		}
		return s + "]"
	case func() string:
		return "func -> " + x()
	default:
		return fmt.Sprintf("other %T", x)
	}
}

func main() {
	vals := []any{nil, 3, int64(4), "hey", errors.New("e1"), io.EOF, Rect{2, 3}, &Circle{1}, Circle{1},
		[]any{1, "a", nil}, func() string { return "hi" }, 2.5, map[string]int{}}
	for _, v := range vals {
		fmt.Println(describe(v))
	}
	var s Shape = Rect{1, 1}
	switch s.(type) {
	case *Circle:
		fmt.Println("circle")
	case Rect:
		fmt.Println("rect")
	}
	if _, ok := s.(interface{ Perimeter() float64 }); !ok {
		fmt.Println("no perimeter")
	}
	var e error = fmt.Errorf("wrap: %w", io.EOF)
	switch {
	case errors.Is(e, io.EOF):
		fmt.Println("is EOF")
	}
	var ip *int
	var anyp any = ip
	switch anyp.(type) {
	case nil:
		fmt.Println("nil case")
	case *int:
		fmt.Println("typed nil pointer")
	}
}
