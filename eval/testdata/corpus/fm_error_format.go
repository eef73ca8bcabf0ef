// An error type with a Format method, like pkg/errors: %v and %s print the message,
// %+v adds the details; wrapped with %w and held in error values.
package main

import (
	"errors"
	"fmt"
	"io"
)

type stackErr struct {
	msg   string
	frame string
	cause error
}

func (e *stackErr) Error() string {
	if e.cause != nil {
		return e.msg + ": " + e.cause.Error()
	}
	return e.msg
}

func (e *stackErr) Unwrap() error { return e.cause }

func (e *stackErr) Format(s fmt.State, verb rune) {
	switch verb {
	case 'v':
		if s.Flag('+') {
			if e.cause != nil {
				fmt.Fprintf(s, "%+v\n", e.cause)
			}
			io.WriteString(s, e.msg)
			io.WriteString(s, "\n\tat "+e.frame)
			return
		}
		fallthrough
	case 's':
		io.WriteString(s, e.Error())
	case 'q':
		fmt.Fprintf(s, "%q", e.Error())
	}
}

func wrap(err error, msg, frame string) error {
	return &stackErr{msg: msg, frame: frame, cause: err}
}

var ErrNotFound = errors.New("not found")

func find(id int) error {
	if id < 0 {
		return &stackErr{msg: "negative id", frame: "main.find"}
	}
	return wrap(ErrNotFound, fmt.Sprintf("find %d", id), "main.find")
}

func load(id int) error {
	if err := find(id); err != nil {
		return wrap(err, "load", "main.load")
	}
	return nil
}

func main() {
	err := load(7)
	fmt.Println(err)
	fmt.Printf("%s\n", err)
	fmt.Printf("%q\n", err)
	fmt.Printf("%+v\n", err)
	fmt.Println(errors.Is(err, ErrNotFound))
	var se *stackErr
	fmt.Println(errors.As(err, &se), se.msg)
	e2 := load(-1)
	fmt.Printf("%+v\n", e2)
	errs := []error{err, e2, nil}
	fmt.Printf("%v\n", errs)
	fmt.Printf("[%v]\n", fmt.Sprint(e2))
	m := map[string]error{"a": e2}
	fmt.Println(m)
	fmt.Println(err.Error())
}
