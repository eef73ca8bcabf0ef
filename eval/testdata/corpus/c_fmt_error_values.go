package main

import (
	"errors"
	"fmt"
)

type NotFound struct {
	Kind, Name string
}

func (e *NotFound) Error() string { return e.Kind + " " + e.Name + " not found" }

type Timeout int

func (t Timeout) Error() string { return fmt.Sprintf("timeout after %ds", int(t)) }

func main() {
	var e1 error = &NotFound{"user", "zed"}
	var e2 error = Timeout(30)
	e3 := fmt.Errorf("request failed: %w", e1)
	e4 := errors.Join(e2, e3)
	for _, e := range []error{e1, e2, e3, e4} {
		fmt.Printf("%v | %s | %T\n", e, e, e)
	}
	fmt.Printf("%+v\n", e1)
	fmt.Printf("%#v\n", e2)
	fmt.Printf("%q\n", e2)
	var nilErr error
	fmt.Printf("%v %T\n", nilErr, nilErr)
	var nf *NotFound
	fmt.Println(nf == nil, e1 != nil)
}
