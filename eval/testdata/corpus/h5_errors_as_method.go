package main

import (
	"errors"
	"fmt"
)

type StatusErr struct{ Code int }

func (e StatusErr) Error() string { return fmt.Sprintf("status %d", e.Code) }

type NotFoundErr struct{ Name string }

func (e *NotFoundErr) Error() string { return e.Name + " not found" }

// As lets errors.As turn a NotFoundErr into a StatusErr.
func (e *NotFoundErr) As(target any) bool {
	if p, ok := target.(*StatusErr); ok {
		*p = StatusErr{404}
		return true
	}
	return false
}

func main() {
	var st StatusErr
	err := fmt.Errorf("load: %w", &NotFoundErr{"cfg"})
	fmt.Println(errors.As(err, &st), st.Code)
	var nf *NotFoundErr
	fmt.Println(errors.As(err, &nf), nf.Name)
}
