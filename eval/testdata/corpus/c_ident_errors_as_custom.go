package main

import (
	"errors"
	"fmt"
	"strconv"
)

type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Msg }

type LimitError struct{ Max int }

func (e LimitError) Error() string { return fmt.Sprintf("limit %d exceeded", e.Max) }

func parse(lines []string) error {
	for i, l := range lines {
		if l == "" {
			return fmt.Errorf("parse: %w", &ParseError{Line: i + 1, Msg: "empty line"})
		}
		if len(l) > 5 {
			return fmt.Errorf("parse: %w", LimitError{Max: 5})
		}
	}
	return nil
}

func main() {
	inputs := [][]string{{"a", "b"}, {"a", "", "c"}, {"abcdefg"}}
	for _, in := range inputs {
		err := parse(in)
		var pe *ParseError
		var le LimitError
		switch {
		case err == nil:
			fmt.Println("ok")
		case errors.As(err, &pe):
			fmt.Println("parse error at line", pe.Line, "-", err)
		case errors.As(err, &le):
			fmt.Println("limit error max", le.Max, "-", err)
		}
	}
	var target interface{ Error() string }
	err := parse([]string{""})
	fmt.Println("as error interface:", errors.As(err, &target), target)
	var le2 *LimitError
	fmt.Println("as *LimitError:", errors.As(parse([]string{"toolong"}), &le2))
}
