package main

import (
	"errors"
	"fmt"
	"strconv"
)

type ParseError struct {
	Line int
	Err  error
}

func (e *ParseError) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Err.Error() }
func (e *ParseError) Unwrap() error { return e.Err }

func parse(lines []string) (int, error) {
	sum := 0
	for i, l := range lines {
		n, err := strconv.Atoi(l)
		if err != nil {
			return 0, &ParseError{i + 1, err}
		}
		sum += n
	}
	return sum, nil
}

func main() {
	fmt.Println(parse([]string{"1", "2"}))
	_, err := parse([]string{"1", "x"})
	fmt.Println(err)
	var pe *ParseError
	fmt.Println(errors.As(err, &pe), pe.Line)
	fmt.Println(errors.Is(err, strconv.ErrSyntax))
	wrapped := fmt.Errorf("config: %w", err)
	fmt.Println(wrapped, errors.Unwrap(wrapped) == err)
}
