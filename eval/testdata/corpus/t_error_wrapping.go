// Wrapped errors of the program's types through errors.Is and errors.As.
package main

import (
	"errors"
	"fmt"
	"io/fs"
)

var ErrQuota = errors.New("quota exceeded")

type OpError struct {
	Op  string
	Err error
}

func (e *OpError) Error() string { return e.Op + ": " + e.Err.Error() }
func (e *OpError) Unwrap() error { return e.Err }

type codeErr int

func (c codeErr) Error() string { return fmt.Sprintf("code %d", int(c)) }

func main() {
	err := fmt.Errorf("upload: %w", &OpError{"write", ErrQuota})
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrQuota), errors.Is(err, fs.ErrNotExist))
	var op *OpError
	if errors.As(err, &op) {
		fmt.Println("op:", op.Op)
	}
	err2 := fmt.Errorf("wrap: %w", codeErr(404))
	var c codeErr
	fmt.Println(errors.As(err2, &c), int(c))
	fmt.Println(errors.Is(err2, codeErr(404)), errors.Is(err2, codeErr(500)))
	joined := errors.Join(err, err2)
	fmt.Println(errors.As(joined, &c), errors.Is(joined, ErrQuota))
}
