package main

import (
	"errors"
	"fmt"
)

type ValidationError struct{ Field string }

func (v ValidationError) Error() string { return "invalid " + v.Field }

type Code int

func mustPositive(n int) int {
	if n < 0 {
		panic(ValidationError{"n"})
	}
	if n == 0 {
		panic(Code(7))
	}
	if n > 100 {
		panic("too big")
	}
	return n
}

func safe(n int) (res string) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		switch v := r.(type) {
		case error:
			var ve ValidationError
			res = fmt.Sprintf("error %v (validation=%v)", v, errors.As(v, &ve))
		case Code:
			res = fmt.Sprintf("code %d", int(v))
		case string:
			res = "string " + v
		default:
			res = fmt.Sprintf("other %T", v)
		}
	}()
	return fmt.Sprint("ok ", mustPositive(n))
}

func main() {
	for _, n := range []int{5, -1, 0, 500} {
		fmt.Println(safe(n))
	}
}
