// Custom error types in a chain: errors.As with value and pointer targets, errors.Is
// with a custom Is method, errors.Join of custom errors.
package main

import (
	"errors"
	"fmt"
)

type StatusErr struct{ Code int }

func (s StatusErr) Error() string { return fmt.Sprintf("status %d", s.Code) }

// Is makes every 5xx status match ErrServer.
func (s StatusErr) Is(target error) bool { return target == ErrServer && s.Code >= 500 }

var ErrServer = errors.New("server error")

type OpErr struct {
	Op  string
	Err error
}

func (o *OpErr) Error() string { return o.Op + ": " + o.Err.Error() }
func (o *OpErr) Unwrap() error { return o.Err }

func fetch(code int) error {
	if code == 200 {
		return nil
	}
	return &OpErr{"fetch", StatusErr{code}}
}

func main() {
	err := fetch(503)
	fmt.Println(err)
	var se StatusErr
	fmt.Println(errors.As(err, &se), se.Code)
	var oe *OpErr
	fmt.Println(errors.As(err, &oe), oe.Op)
	fmt.Println(errors.Is(err, ErrServer), errors.Is(fetch(404), ErrServer))
	fmt.Println(fetch(200) == nil)
	joined := errors.Join(fetch(404), fetch(500))
	fmt.Println(joined)
	fmt.Println(errors.As(joined, &se), se.Code)
	switch e := errors.Unwrap(err).(type) {
	case StatusErr:
		fmt.Println("unwrapped status", e.Code)
	default:
		fmt.Println("unexpected", e)
	}
}
