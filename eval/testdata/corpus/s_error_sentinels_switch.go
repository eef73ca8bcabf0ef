package main

import (
	"errors"
	"fmt"
)

var (
	ErrEmpty   = errors.New("empty input")
	ErrTooLong = errors.New("input too long")
)

func validate(s string) error {
	switch {
	case s == "":
		return ErrEmpty
	case len(s) > 5:
		return fmt.Errorf("validate %q: %w", s, ErrTooLong)
	}
	return nil
}

func main() {
	for _, in := range []string{"", "ok", "too long input"} {
		err := validate(in)
		switch {
		case err == nil:
			fmt.Println(in, "valid")
		case errors.Is(err, ErrEmpty):
			fmt.Println("empty!")
		case errors.Is(err, ErrTooLong):
			fmt.Println("long:", err)
		}
	}
}
