package main

import (
	"errors"
	"fmt"
	"strings"
)

type StepError struct {
	Step int
	Err  error
}

func (e StepError) Error() string { return fmt.Sprintf("step %d: %v", e.Step, e.Err) }
func (e StepError) Unwrap() error { return e.Err }

type MultiError []error

func (m MultiError) Error() string {
	s := make([]string, len(m))
	for i, e := range m {
		s[i] = e.Error()
	}
	return strings.Join(s, "; ")
}
func (m MultiError) Unwrap() []error { return m }

var ErrDisk = errors.New("disk full")
var ErrNet = errors.New("network down")

func chain(err error) []string {
	var out []string
	for err != nil {
		out = append(out, fmt.Sprintf("%T", err))
		err = errors.Unwrap(err)
	}
	return out
}

func main() {
	e := fmt.Errorf("deploy: %w", StepError{3, fmt.Errorf("copy: %w", ErrDisk)})
	fmt.Println(e)
	fmt.Println(chain(e))
	fmt.Println(errors.Is(e, ErrDisk), errors.Is(e, ErrNet))
	var se StepError
	fmt.Println(errors.As(e, &se), se.Step)
	m := MultiError{StepError{1, ErrNet}, ErrDisk}
	wrapped := fmt.Errorf("batch: %w", m)
	fmt.Println(wrapped)
	fmt.Println(errors.Is(wrapped, ErrNet), errors.Is(wrapped, ErrDisk))
	two := fmt.Errorf("both: %w and %w", ErrDisk, ErrNet)
	fmt.Println(two, errors.Is(two, ErrNet), errors.Unwrap(two) == nil)
	fmt.Println(fmt.Errorf("not wrapped: %v", ErrDisk), errors.Is(fmt.Errorf("%v", ErrDisk), ErrDisk))
}
