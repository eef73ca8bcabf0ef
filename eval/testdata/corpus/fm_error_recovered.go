// Errors with Format methods recovered from panics, matched by case error and x.(error),
// wrapped with %w and joined: fmt calls Format where Go does.
package main

import (
	"errors"
	"fmt"
)

type Msg string

func (m Msg) String() string { return "MSG(" + string(m) + ")" }

type VE struct {
	code int
	msg  Msg
}

func (e VE) Error() string { return fmt.Sprintf("ve %d %s", e.code, string(e.msg)) }

type FE struct {
	code int
	msg  Msg
}

func (e FE) Error() string { return "fe" }

func (e FE) Format(f fmt.State, verb rune) {
	if f.Flag('+') {
		fmt.Fprintf(f, "FE<%d %v>", e.code, e.msg)
		return
	}
	fmt.Fprintf(f, "FE<%d>", e.code)
}

type PE struct{ msg string }

func (e *PE) Error() string                 { return e.msg }
func (e *PE) Format(s fmt.State, verb rune) { fmt.Fprint(s, "F:"+e.msg) }

func show(r any) {
	switch e := r.(type) {
	case error:
		fmt.Printf("%v|%+v|%s\n", e, e, e)
	}
	if e, ok := r.(error); ok {
		fmt.Println(e)
	}
}

func try(f func()) {
	defer func() { show(recover()) }()
	f()
}

func main() {
	try(func() { panic(VE{1, "a"}) })
	try(func() { panic(FE{2, "b"}) })
	try(func() { panic(&FE{3, "c"}) })
	try(func() { panic(&PE{"p"}) })
	var err error = FE{4, "d"}
	fmt.Println(err, errors.Unwrap(err) == nil)
	var s fmt.Stringer = Msg("z")
	fmt.Println(s)
	fmt.Printf("%v %s\n", s, s)
	w := fmt.Errorf("wrap: %w", &PE{"in"})
	fmt.Println(w)
	fmt.Printf("%+v\n", fmt.Errorf("ctx: %w", FE{5, "e"}))
	var target *PE
	fmt.Println(errors.As(w, &target), target)
	j := errors.Join(&PE{"j1"}, FE{6, "f"})
	fmt.Println(j)
	x := any(FE{7, "g"})
	if f, ok := x.(fmt.Formatter); ok {
		fmt.Println(f)
		fmt.Printf("%+v\n", f)
	}
	var nilErr error
	fmt.Printf("%v|%s|%d\n", nilErr, nilErr, nilErr)
	fmt.Printf("%v\n", struct{ E error }{})
	fmt.Printf("%#v\n", struct{ E error }{})
}
