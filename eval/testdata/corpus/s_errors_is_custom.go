package main

import (
	"errors"
	"fmt"
)

type NotFoundError struct{ Name string }

func (e NotFoundError) Error() string { return e.Name + " not found" }

func (e NotFoundError) Is(target error) bool {
	t, ok := target.(NotFoundError)
	return ok && (t.Name == "" || t.Name == e.Name)
}

func main() {
	err := fmt.Errorf("load: %w", NotFoundError{"config"})
	fmt.Println(errors.Is(err, NotFoundError{}))
	fmt.Println(errors.Is(err, NotFoundError{"config"}))
	fmt.Println(errors.Is(err, NotFoundError{"other"}))
	var nf NotFoundError
	fmt.Println(errors.As(err, &nf), nf.Name)
}
