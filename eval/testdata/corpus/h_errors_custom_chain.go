package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
)

type ValidationError struct {
	Field string
	Err   error
}

func (v *ValidationError) Error() string { return "invalid " + v.Field + ": " + v.Err.Error() }
func (v *ValidationError) Unwrap() error { return v.Err }

var ErrEmpty = errors.New("empty")
var ErrRange = errors.New("out of range")

type NotFound string

func (n NotFound) Error() string { return string(n) + " not found" }

func validate(name, age string) error {
	var errs []error
	if name == "" {
		errs = append(errs, &ValidationError{"name", ErrEmpty})
	}
	n, err := strconv.Atoi(age)
	if err != nil {
		errs = append(errs, &ValidationError{"age", err})
	} else if n < 0 || n > 150 {
		errs = append(errs, &ValidationError{"age", fmt.Errorf("%d: %w", n, ErrRange)})
	}
	return errors.Join(errs...)
}

func lookup(k string) error {
	return fmt.Errorf("lookup %q: %w", k, NotFound(k))
}

func main() {
	fmt.Println(validate("bob", "30") == nil)
	err := validate("", "x")
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrEmpty), errors.Is(err, ErrRange))
	var ne *strconv.NumError
	fmt.Println(errors.As(err, &ne), ne.Func, ne.Num, ne.Err == strconv.ErrSyntax)
	err = validate("ann", "200")
	var ve *ValidationError
	if errors.As(err, &ve) {
		fmt.Println("field:", ve.Field, errors.Is(ve, ErrRange))
	}
	err = lookup("key")
	var nf NotFound
	fmt.Println(err, errors.As(err, &nf), string(nf))
	_, err = os.Open("/definitely/not/here")
	fmt.Println(errors.Is(err, fs.ErrNotExist), errors.Is(err, os.ErrNotExist))
	var pe *fs.PathError
	if errors.As(err, &pe) {
		fmt.Println(pe.Op, pe.Path)
	}
	wrapped := fmt.Errorf("read: %w", io.EOF)
	fmt.Println(wrapped == io.EOF, errors.Is(wrapped, io.EOF), errors.Unwrap(errors.Unwrap(wrapped)))
	multi := fmt.Errorf("both: %w and %w", ErrEmpty, ErrRange)
	fmt.Println(multi, errors.Is(multi, ErrRange), errors.Unwrap(multi))
}
