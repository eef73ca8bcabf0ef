package main

import (
	"fmt"
	"strconv"
)

// The arguments of a call of a generic function are evaluated as gc evaluates any
// call's: their calls first, then the other operands, which read variables as the
// calls left them, whatever the generic function's body calls.

func pick[T any](a T, b T) T {
	_ = fmt.Sprint(a, b)
	return a
}

func join[T any](sep string, xs ...T) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += sep
		}
		s += fmt.Sprint(x)
	}
	return s
}

type box[T any] struct{ v T }

func (b box[T]) with(x T, y T) T {
	_ = strconv.Itoa(1)
	return x
}

func results() (float32, int) {
	v := -100
	return 1.5, min(v-2, 7, func() int { v = 3; return v }())
}

func main() {
	v := -100
	fmt.Println(pick[int](v-2, func() int { v = 3; return v }()))
	v = -100
	fmt.Println(pick(v-2, func() int { v = 3; return v }()))
	v = -100
	fmt.Println(join(",", v, v*2, func() int { v = 5; return v }()))
	v = -100
	fmt.Println(max(v, func() int { v = -7; return v }()-1), min(v, 2))
	v = -100
	x := box[int]{}.with(v+1, func() int { v = 9; return v }())
	fmt.Println(x)
	fmt.Println(results())
	var e []int
	defer func() { fmt.Println("recovered:", recover(), v) }()
	pick(e[0], func() int { v = 7; return v }())
}
