// errors.Is and errors.As through wrapping, with custom types and sentinels.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

var ErrEmpty = errors.New("empty input")

type ParseError struct {
	Line int
	Err  error
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *ParseError) Unwrap() error { return e.Err }

func parse(s string) error {
	if s == "" {
		return &ParseError{Line: 3, Err: ErrEmpty}
	}
	return nil
}

func main() {
	err := fmt.Errorf("load config: %w", parse(""))
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrEmpty))
	var pe *ParseError
	if errors.As(err, &pe) {
		fmt.Println("parse error at line", pe.Line)
	}
	fmt.Println(errors.Unwrap(err) == error(pe))
	_, ferr := os.Open("/definitely/not/here")
	fmt.Println(errors.Is(ferr, fs.ErrNotExist))
	var perr *fs.PathError
	fmt.Println(errors.As(ferr, &perr), perr.Op)
	fmt.Println(errors.Is(nil, ErrEmpty), parse("x") == nil)
}
