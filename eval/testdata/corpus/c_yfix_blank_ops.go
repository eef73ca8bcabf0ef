// Discarded results that still have to run: checks that panic, in a validation loop.
package main

import (
	"errors"
	"fmt"
)

func validate(parts []int, div int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("invalid input: %v", r)
		}
	}()
	_ = 100 / div
	for i := range parts {
		_ = parts[i] % div
		_ = -parts[i]
	}
	_ = parts[len(parts)-1]
	return nil
}

func main() {
	fmt.Println(validate([]int{1, 2, 3}, 2))
	fmt.Println(validate([]int{1, 2}, 0))
	fmt.Println(validate(nil, 5))
	err := validate([]int{4}, 0)
	fmt.Println(errors.Unwrap(err) == nil, err != nil)
}
