// switch x.(type) without binding a variable, with several types in a case and nil.
package main

import (
	"errors"
	"fmt"
)

func kind(v any) string {
	switch v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return "integer"
	case string:
		return "string"
	case error:
		return "error"
	case fmt.Stringer:
		return "stringer"
	case []int:
		return "slice"
	default:
		return "other"
	}
}

type S struct{}

func (S) String() string { return "S" }

func main() {
	for _, v := range []any{nil, 1, int64(2), "x", errors.New("e"), S{}, []int{1}, 2.5} {
		fmt.Println(kind(v))
	}
	var x any = 3
	switch x.(type) {
	case int:
		fmt.Println("x is int")
	}
}
