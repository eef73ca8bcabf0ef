package main

import (
	"errors"
	"fmt"
	"io/fs"
)

func step(n int) error {
	if n%2 == 1 {
		return fmt.Errorf("step %d: %w", n, fs.ErrPermission)
	}
	return nil
}

func main() {
	var errs []error
	for i := range 4 {
		if err := step(i); err != nil {
			errs = append(errs, err)
		}
	}
	all := errors.Join(errs...)
	fmt.Println(all)
	fmt.Println(errors.Is(all, fs.ErrPermission), errors.Is(all, fs.ErrNotExist))
	w := fmt.Errorf("both: %w and %w", fs.ErrClosed, fs.ErrExist)
	fmt.Println(w, errors.Is(w, fs.ErrExist))
}
