package main

import (
	"errors"
	"fmt"
)

type StatusError struct {
	Code int
	Msg  string
}

func (e StatusError) Error() string { return fmt.Sprintf("%d %s", e.Code, e.Msg) }

func (e StatusError) Is(target error) bool {
	t, ok := target.(StatusError)
	return ok && t.Code/100 == e.Code/100 && t.Msg == ""
}

type MultiErr struct{ errs []error }

func (m *MultiErr) Error() string { return fmt.Sprintf("%d errors", len(m.errs)) }
func (m *MultiErr) Unwrap() []error {
	return m.errs
}

var ErrClient = StatusError{Code: 400}
var ErrServer = StatusError{Code: 500}
var ErrTimeout = errors.New("timeout")

type retryable interface{ Retry() bool }

type tempErr struct{ after int }

func (t tempErr) Error() string { return fmt.Sprintf("retry after %ds", t.after) }
func (t tempErr) Retry() bool   { return t.after < 10 }

func main() {
	e404 := StatusError{404, "not found"}
	wrapped := fmt.Errorf("fetch: %w", e404)
	fmt.Println(errors.Is(wrapped, ErrClient), errors.Is(wrapped, ErrServer), errors.Is(e404, e404))
	multi := &MultiErr{[]error{ErrTimeout, fmt.Errorf("db: %w", StatusError{503, "busy"}), tempErr{3}}}
	top := fmt.Errorf("request failed: %w", multi)
	fmt.Println(top)
	fmt.Println(errors.Is(top, ErrTimeout), errors.Is(top, ErrServer), errors.Is(top, ErrClient))
	var se StatusError
	if errors.As(top, &se) {
		fmt.Println("status", se.Code, se.Msg)
	}
	var r retryable
	if errors.As(top, &r) {
		fmt.Println("retry?", r.Retry(), r)
	}
	var me *MultiErr
	fmt.Println(errors.As(top, &me), len(me.errs))
	j := errors.Join(ErrTimeout, e404)
	fmt.Println(errors.Is(j, ErrClient), errors.Is(j, ErrTimeout))
	for i, e := range j.(interface{ Unwrap() []error }).Unwrap() {
		fmt.Println(i, e)
	}
	fmt.Println(errors.Is(nil, ErrTimeout), errors.Is(ErrTimeout, nil), errors.Unwrap(e404) == nil)
}
