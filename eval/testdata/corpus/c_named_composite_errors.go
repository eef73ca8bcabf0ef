// A named []error with Error and Unwrap (errors.As, errors.Is, assertions), and named
// map[any] types with methods, told apart from their underlying types.
package main

import (
	"errors"
	"fmt"
	"strings"
)

type MultiError []error

func (m MultiError) Error() string {
	var parts []string
	for _, e := range m {
		parts = append(parts, e.Error())
	}
	return strings.Join(parts, "; ")
}

func (m MultiError) Unwrap() []error { return m }

type Set map[any]struct{}

func (s Set) Add(v any) { s[v] = struct{}{} }

type Seen map[any]bool

var ErrA = errors.New("a failed")

func validate(n int) error {
	var errs MultiError
	if n < 0 {
		errs = append(errs, ErrA)
	}
	if n%2 != 0 {
		errs = append(errs, fmt.Errorf("odd: %d", n))
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

func main() {
	err := validate(-3)
	fmt.Println(err)
	fmt.Printf("%T\n", err)
	var me MultiError
	fmt.Println(errors.As(err, &me), len(me), errors.Is(err, ErrA))
	if m, ok := err.(MultiError); ok {
		fmt.Println("multi", len(m))
	}
	fmt.Println(validate(2) == nil)
	s := Set{}
	s.Add(1)
	s.Add("x")
	s.Add(1)
	fmt.Println(len(s))
	seen := Seen{1: true}
	var v any = seen
	switch v.(type) {
	case map[any]bool:
		fmt.Println("plain")
	case Seen:
		fmt.Println("Seen")
	}
	errs := []error{ErrA}
	var x any = errs
	_, isMulti := x.(MultiError)
	fmt.Println(isMulti)
}
