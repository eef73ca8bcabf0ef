package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
)

type ValidationError struct {
	Field string
	Err   error
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *ValidationError) Unwrap() error { return e.Err }

var ErrEmpty = errors.New("empty")
var ErrRange = errors.New("out of range")

type Form map[string]string

func validate(f Form) error {
	var errs []error
	if f["name"] == "" {
		errs = append(errs, &ValidationError{"name", ErrEmpty})
	}
	if n, err := strconv.Atoi(f["age"]); err != nil {
		errs = append(errs, &ValidationError{"age", err})
	} else if n < 0 || n > 150 {
		errs = append(errs, &ValidationError{"age", fmt.Errorf("%d: %w", n, ErrRange)})
	}
	return errors.Join(errs...)
}

func main() {
	for _, f := range []Form{{"name": "a", "age": "3"}, {"age": "x"}, {"name": "b", "age": "200"}, {}} {
		err := validate(f)
		fmt.Printf("%v | nil=%t empty=%t range=%t\n", err, err == nil, errors.Is(err, ErrEmpty), errors.Is(err, ErrRange))
		var ve *ValidationError
		if errors.As(err, &ve) {
			fmt.Printf("  first: %s %T\n", ve.Field, ve.Err)
		}
		var ne *strconv.NumError
		if errors.As(err, &ne) {
			fmt.Println("  num:", ne.Func, ne.Num, ne.Err)
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			fmt.Println("  count:", len(j.Unwrap()))
		}
	}
	_, err := os.Open("/nonexistent/zz")
	fmt.Println(errors.Is(err, fs.ErrNotExist), errors.Is(err, os.ErrNotExist))
	var pe *fs.PathError
	fmt.Println(errors.As(err, &pe), pe.Op, pe.Path)
	w := fmt.Errorf("layer2: %w", fmt.Errorf("layer1: %w", ErrEmpty))
	fmt.Println(w, errors.Unwrap(w), errors.Unwrap(errors.Unwrap(w)) == ErrEmpty)
	multi := fmt.Errorf("both: %w and %w", ErrEmpty, ErrRange)
	fmt.Println(multi, errors.Is(multi, ErrRange), errors.Unwrap(multi) == nil)
	fmt.Println(errors.Join(nil, nil) == nil, errors.Join(ErrEmpty, nil))
}
