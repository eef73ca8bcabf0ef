package main

import (
	"errors"
	"fmt"
)

type OpError struct {
	Op  string
	Err error
}

func (e *OpError) Error() string { return e.Op + ": " + e.Err.Error() }
func (e *OpError) Unwrap() error { return e.Err }

var ErrClosed = errors.New("closed")

func doOp(fail bool) error {
	var e *OpError
	if fail {
		e = &OpError{"write", ErrClosed}
		return e
	}
	return nil
}

func buggy(fail bool) error {
	var e *OpError
	if fail {
		e = &OpError{"read", ErrClosed}
	}
	return e
}

func main() {
	fmt.Println(doOp(false) == nil, doOp(true))
	err := buggy(false)
	fmt.Println("typed nil is nil:", err == nil)
	fmt.Printf("%T\n", err)
	err = buggy(true)
	fmt.Println(err, errors.Is(err, ErrClosed))
	var oe *OpError
	if errors.As(err, &oe) {
		fmt.Println("op:", oe.Op)
	}
	func() {
		defer func() { fmt.Println("recovered:", recover() != nil) }()
		var e error = buggy(false)
		fmt.Println(e.Error())
	}()
}
