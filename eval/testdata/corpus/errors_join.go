// errors.Join and fmt.Errorf with several %w verbs.
package main

import (
	"errors"
	"fmt"
)

var (
	ErrA = errors.New("a failed")
	ErrB = errors.New("b failed")
)

func main() {
	j := errors.Join(ErrA, nil, ErrB)
	fmt.Println(j)
	fmt.Println(errors.Is(j, ErrB))
	w := fmt.Errorf("both: %w and %w", ErrA, ErrB)
	fmt.Println(w, errors.Is(w, ErrA), errors.Is(w, ErrB))
	fmt.Println(errors.Join() == nil)
}
