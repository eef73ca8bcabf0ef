package main

import (
	"errors"
	"fmt"
	"io"
)

type OpError struct {
	error
	Op string
}

type withCode struct {
	error
	code int
}

func (w withCode) Unwrap() error { return w.error }

func main() {
	oe := OpError{errors.New("disk full"), "write"}
	fmt.Println(oe, oe.Op)
	var err error = oe
	fmt.Println(err.Error())
	wc := withCode{io.EOF, 7}
	err = wc
	fmt.Println(err, errors.Is(err, io.EOF), wc.code)
}
