// Type switches on values of generic type parameters and on error chains.
package main

import (
	"errors"
	"fmt"
)

func Describe[T any](v T) string {
	switch any(v).(type) {
	case int:
		return "int"
	case string:
		return "string"
	default:
		return fmt.Sprintf("other %T", v)
	}
}

type CodeErr struct{ Code int }

func (c CodeErr) Error() string { return fmt.Sprint("code ", c.Code) }

func classify(err error) string {
	switch e := err.(type) {
	case nil:
		return "ok"
	case CodeErr:
		return fmt.Sprint("code error ", e.Code)
	default:
		return "other: " + e.Error()
	}
}

func main() {
	fmt.Println(Describe(1), Describe("s"), Describe(2.5))
	fmt.Println(classify(nil), classify(CodeErr{404}), classify(errors.New("x")))
}
