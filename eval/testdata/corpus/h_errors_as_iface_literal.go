package main

import (
	"errors"
	"fmt"
)

type TempError struct{ Attempt int }

func (e *TempError) Error() string   { return fmt.Sprintf("temp %d", e.Attempt) }
func (e *TempError) Temporary() bool { return true }

type temporary interface{ Temporary() bool }

func main() {
	var err error = fmt.Errorf("w: %w", &TempError{1})
	var t interface{ Temporary() bool }
	fmt.Println(errors.As(err, &t))
	var t2 temporary
	fmt.Println(errors.As(err, &t2))
	_, ok := errors.Unwrap(err).(interface{ Temporary() bool })
	fmt.Println(ok)
	var t3 interface {
		error
		Temporary() bool
	}
	fmt.Println(errors.As(err, &t3))
}

func init() {
	var err error = fmt.Errorf("w: %w", &TempError{7})
	if t, ok := errors.Unwrap(err).(interface{ Temporary() bool }); ok {
		fmt.Println("init", t.Temporary(), t.(error).Error())
	}
	switch v := errors.Unwrap(err).(type) {
	case interface{ Temporary() bool }:
		fmt.Println("switch", v.Temporary())
	default:
		fmt.Println("default")
	}
	var x any = &TempError{3}
	tt := x.(interface{ Temporary() bool })
	fmt.Println(tt.Temporary())
	var r any = 42
	_, ok := r.(interface{ Temporary() bool })
	fmt.Println(ok)
}
