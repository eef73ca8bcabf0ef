// An error holding a value of a type declared in the program, asserted to an interface
// declared in the program (random program seed 19797: `g.(I4)` with g an error holding
// an E3 panicked "main.E3 is not main.I4: missing method Error"): the assertion, its
// comma-ok form, one that fails, and a nil error.

package main

import (
	"errors"
	"fmt"
)

type E3 struct{ Code int }

func (e E3) Error() string { return fmt.Sprint("E3 code ", e.Code) }

type PE struct{ Msg string }

func (p *PE) Error() string   { return "PE " + p.Msg }
func (p *PE) Temporary() bool { return true }

type Coder interface{ Error() string }

type TempErr interface {
	error
	Temporary() bool
}

var g error = E3{6}

func check(err error) {
	if t, ok := err.(TempErr); ok {
		fmt.Println("temporary:", t.Temporary(), t)
	} else {
		fmt.Println("not temporary:", err)
	}
}

func main() {
	v := g.(Coder)
	fmt.Println(v, v.Error())
	var e error = &PE{"x"}
	c, ok := e.(Coder)
	fmt.Println(c, ok)
	check(e)
	check(g)
	check(nil)
	check(fmt.Errorf("wrapped: %w", e))
	var wrapped error = fmt.Errorf("w: %w", g)
	var target E3
	fmt.Println(errors.As(wrapped, &target), target)
	defer func() { fmt.Println("recovered:", recover()) }()
	_ = g.(TempErr)
}
