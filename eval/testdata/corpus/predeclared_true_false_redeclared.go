package main

import "fmt"

// true and false declared again, as functions at package level and as variables in a
// function: the code the rewriter writes for assertions, println and range-over-func
// loops keeps Go's constants, and the program's names mean its own declarations.

func true(ok bool) string {
	if !ok {
		return "own true: not ok"
	}
	return "own true: ok"
}

type S interface{ M() int }

type T int

func (t T) M() int { return int(t) }

func seq(yield func(int) bool) {
	for i := 0; i < 5; i++ {
		if !yield(i) {
			return
		}
	}
}

func main() {
	var a any = T(4)
	s, ok := a.(S)
	fmt.Println(true(ok), s.M())
	_, ok = a.(fmt.Stringer)
	fmt.Println(true(ok))
	false := 7
	for v := range seq {
		if v == 1 {
			continue
		}
		if v == 3 {
			break
		}
		fmt.Println("v", v, false+v)
	}
	fmt.Println(1 == 1, 2 < 1, false)
	switch x := a.(type) {
	case S:
		fmt.Println("S", x.M())
	}
}
