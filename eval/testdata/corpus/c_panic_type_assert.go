package main

import (
	"fmt"
	"io"
	"strings"
)

type Shape interface{ Area() float64 }
type Circle struct{ R float64 }

func (c Circle) Area() float64 { return 3.14 * c.R * c.R }

type Meters float64

func attempt(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: %v\n", name, r)
			if e, ok := r.(error); ok {
				fmt.Printf("  is error: %T\n", e)
			}
		}
	}()
	f()
}

func main() {
	var v any = 42
	attempt("int as string", func() { _ = v.(string) })
	attempt("nil as int", func() { var n any; _ = n.(int) })
	var s Shape = Circle{1}
	attempt("circle as ptr", func() { _ = s.(*Circle) })
	attempt("iface missing method", func() { _ = any(Circle{}).(io.Reader) })
	attempt("named float", func() { _ = any(Meters(2)).(float64) })
	attempt("reader as writer", func() { var r io.Reader = strings.NewReader("x"); _ = r.(io.Writer) })
	attempt("ok", func() { fmt.Println("area", s.(Circle).Area()) })
}
