package main

import (
	"errors"
	"fmt"
)

// Sentinel errors of cell types compared with == and errors.Is.
type NotFound struct{ Key string }

func (e NotFound) Error() string { return "not found: " + e.Key }

type Timeout struct{ Op string }

func (e Timeout) Error() string { return e.Op + ": timeout" }

var (
	ErrMissingA = NotFound{"a"}
	ErrSlow     = Timeout{"read"}
)

func lookup(k string) error {
	switch k {
	case "a":
		return NotFound{"a"}
	case "b":
		return NotFound{"b"}
	case "slow":
		return Timeout{"read"}
	}
	return nil
}

func main() {
	for _, k := range []string{"a", "b", "slow", "ok"} {
		err := lookup(k)
		fmt.Println(k, err == ErrMissingA, err != ErrSlow, err == nil, errors.Is(err, ErrMissingA))
	}
	wrapped := fmt.Errorf("ctx: %w", lookup("slow"))
	fmt.Println(wrapped == ErrSlow, errors.Is(wrapped, ErrSlow), errors.Unwrap(wrapped) == ErrSlow)
	var e1, e2 error = NotFound{"z"}, NotFound{"z"}
	fmt.Println(e1 == e2, e1 == error(Timeout{"z"}))
}
