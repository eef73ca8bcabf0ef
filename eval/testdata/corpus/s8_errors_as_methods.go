package main

import (
	"errors"
	"fmt"
)

type Code int

func (c Code) Error() string { return fmt.Sprint("code ", int(c)) }

type Wrapped struct{ N int }

func (w Wrapped) Error() string { return "wrapped" }
func (w Wrapped) As(target any) bool {
	if p, ok := target.(*Code); ok {
		*p = Code(w.N)
		return true
	}
	return false
}

func main() {
	err := fmt.Errorf("ctx: %w", Wrapped{7})
	var c Code
	fmt.Println(errors.As(err, &c), c)
	c2, ok := errors.AsType[Code](err)
	fmt.Println(c2, ok)
	var w Wrapped
	fmt.Println(errors.As(err, &w), w.N)
	var c3 Code
	fmt.Println(errors.As(errors.New("plain"), &c3), c3)
}
