package main

import (
	"errors"
	"fmt"
)

type MyErr struct{ Code int }

func (e *MyErr) Error() string { return fmt.Sprintf("code %d", e.Code) }

func find(fail bool) *MyErr {
	if fail {
		return &MyErr{404}
	}
	return nil
}

func check(fail bool) error {
	return find(fail)
}

func checkRight(fail bool) error {
	if e := find(fail); e != nil {
		return e
	}
	return nil
}

func main() {
	err := check(false)
	fmt.Println(err == nil, err != nil)
	fmt.Printf("%T %v\n", err, err == (*MyErr)(nil))
	err = checkRight(false)
	fmt.Println(err == nil)
	err = check(true)
	var me *MyErr
	fmt.Println(errors.As(err, &me), me.Code)
	wrapped := fmt.Errorf("lookup: %w", err)
	fmt.Println(wrapped)
	me = nil
	fmt.Println(errors.As(wrapped, &me), me)
	fmt.Println(errors.Unwrap(wrapped) == err)
}
