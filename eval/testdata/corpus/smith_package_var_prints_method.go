package main

import (
	"errors"
	"fmt"
)

// A package variable initialized with a printed value of a type with a String or Error
// method sees the method, as it does in main, whatever the order of the declarations.

var early = fmt.Sprintf("<%+v> <%v> <%x>", map[Name]Name{"k1": "go"}, Name("x"), Name("y"))

type Name string

func (n Name) String() string { return "Name<" + string(n) + ">" }

type Code int

func (c Code) Error() string { return fmt.Sprintf("code %d", int(c)) }

type Point struct{ X, Y int }

func (p *Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

var (
	wrapped = fmt.Errorf("wrapped: %w", Code(7))
	asError = errors.New(fmt.Sprint(Code(3), " ", []Code{1, 2}))
	point   = fmt.Sprint(&Point{1, 2}, " ", Point{3, 4})
	list    = fmt.Sprintln([]Name{"a", "b"}, [2]Name{"c"})
)

var late = func() string {
	return fmt.Sprintf("%v|%s|%q", Name("z"), Name("w"), Name("v"))
}()

func main() {
	fmt.Println(early)
	fmt.Println(wrapped, asError)
	fmt.Println(point)
	fmt.Print(list)
	fmt.Println(late)
	fmt.Println(Name("main"), Code(1), &Point{5, 6})
}
