// Error values of runtime panics can be inspected like any error.
package main

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
)

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(error)
		}
	}()
	return a / b, nil
}

func main() {
	_, err := safeDiv(1, 0)
	fmt.Println(err)
	var re runtime.Error
	fmt.Println(errors.As(err, &re))
	fmt.Println(strings.HasPrefix(err.Error(), "runtime error"))
	q, err := safeDiv(9, 3)
	fmt.Println(q, err)
}
