// Errors of a comparable session type compared with == and errors.Is.
package main

import (
	"errors"
	"fmt"
)

type CodeErr struct{ Code int }

func (c CodeErr) Error() string { return fmt.Sprint("code ", c.Code) }

var ErrTeapot = CodeErr{418}

func get(code int) error {
	if code == 200 {
		return nil
	}
	return CodeErr{code}
}

func main() {
	err := get(418)
	fmt.Println(err == ErrTeapot, err != ErrTeapot, errors.Is(err, ErrTeapot), get(404) == ErrTeapot)
	fmt.Println(get(200) == nil)
}
