// Extra operands of a format are reported with the program's type names, and %w of a
// format that is not a constant wraps the error itself.
package main

import (
	"errors"
	"fmt"
)

type T int

func (T) String() string { return "T" }

type E struct{ c int }

func (e E) Error() string { return fmt.Sprint("E", e.c) }

func main() {
	fmt.Printf("%v\n", T(1), T(2), "x", 3)
	fmt.Println(fmt.Sprintf("%d", 1, T(5)))
	var err error = E{1}
	w := fmt.Errorf("w: %w %v", err, T(1))
	fmt.Println(w, errors.Is(w, err))
	f := "x: %w"
	w2 := fmt.Errorf(f, err)
	fmt.Println(w2, errors.Is(w2, err), errors.Unwrap(w2) == err)
	var target E
	fmt.Println(errors.As(w2, &target), target.c)
}
