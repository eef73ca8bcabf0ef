package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

type ID int
type Name string
type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

type myErr struct{}

func (myErr) Error() string { return "my error" }

type Shape interface{ Area() float64 }
type Square struct{ S float64 }

func (s Square) Area() float64 { return s.S * s.S }

func main() {
	values := []any{ID(3), Name("bob"), Temp(21.5), myErr{}, &myErr{}, Square{2}, &Square{3},
		errors.New("plain"), fmt.Errorf("wrapped: %w", myErr{}), strings.NewReader("x"), []ID{1}}
	for _, v := range values {
		fmt.Printf("%T\n", v)
	}
	var s Shape = Square{1}
	fmt.Printf("%T %v\n", s, s)
	var e error = myErr{}
	fmt.Printf("%T %v\n", e, e)
	var st fmt.Stringer = Temp(3)
	fmt.Printf("%T %v\n", st, st)
	var r io.Reader = strings.NewReader("abc")
	fmt.Printf("%T\n", r)
	fmt.Printf("%v %d %s\n", ID(5), ID(5), Name("n"))
}
