// Error wrapping with %w versus %v, and printing errors with several verbs.
package main

import (
	"errors"
	"fmt"
)

type QueryErr struct {
	Query string
	Code  int
}

func (q *QueryErr) Error() string { return fmt.Sprintf("query %q failed (%d)", q.Query, q.Code) }

func run(q string) error {
	return &QueryErr{q, 7}
}

func main() {
	base := run("select 1")
	wrapped := fmt.Errorf("layer 1: %w", base)
	flat := fmt.Errorf("layer 1: %v", base)
	fmt.Println(wrapped)
	fmt.Println(flat)
	var qe *QueryErr
	fmt.Println(errors.As(wrapped, &qe), errors.As(flat, &qe))
	fmt.Println(errors.Unwrap(flat) == nil, errors.Unwrap(wrapped) == base)
	fmt.Printf("%s|%q\n", base, base)
	fmt.Printf("%v\n", []error{base, nil})
	double := fmt.Errorf("layer 2: %w", wrapped)
	fmt.Println(double, errors.Is(double, base))
}
