package main

import (
	"errors"
	"fmt"
	"strconv"
)

type Point struct{ X, Y int }
type Labels []string
type Grid [2][2]int
type Counts map[string]int
type Handler func(string) error
type Temp float64
type ID int

type ParseError struct {
	Line int
	Err  error
}

func (e *ParseError) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Err.Error() }
func (e *ParseError) Unwrap() error { return e.Err }

func main() {
	p := Point{1, 2}
	fmt.Printf("%v %+v %#v %T\n", p, p, p, p)
	fmt.Printf("%v %T\n", &p, &p)
	ls := Labels{"a", "b"}
	fmt.Printf("%v %#v %T\n", ls, ls, ls)
	g := Grid{{1, 2}, {3, 4}}
	fmt.Printf("%v %T\n", g, g)
	c := Counts{"x": 1}
	fmt.Printf("%v %T %d\n", c, c, len(c))
	var h Handler = func(s string) error { return nil }
	fmt.Printf("%T %v\n", h, h == nil)
	vals := []any{Temp(1.5), ID(7), p, &p, ls, errors.New("e")}
	for _, v := range vals {
		fmt.Printf("%T|", v)
	}
	fmt.Println()
	fmt.Printf("%#v %#v\n", Temp(2), ID(3))
	_, err := strconv.Atoi("x1")
	pe := &ParseError{3, err}
	var wrapped error = fmt.Errorf("load: %w", pe)
	fmt.Println(wrapped)
	var target *ParseError
	fmt.Println(errors.As(wrapped, &target), target.Line, errors.Is(wrapped, strconv.ErrSyntax))
	fmt.Printf("%T %T\n", wrapped, errors.Unwrap(wrapped))
	var ne *strconv.NumError
	fmt.Println(errors.As(wrapped, &ne), ne.Func)
	type local struct{ A int }
	fmt.Printf("%T %+v\n", local{1}, local{2})
	anon := struct {
		Name string
		Age  int
	}{"x", 3}
	fmt.Printf("%T %v\n", anon, anon)
}
