package main

import (
	"errors"
	"fmt"
)

// A range-over-func loop's return of a composite literal from a function whose result
// is an interface: the rewrite turns the return into an assignment to a hidden variable
// of the result's type, which the interpreter did with the literal unconverted
// ("reflect.Set: value of type interp.valueInterface is not assignable to type struct",
// gosmith seed 15107). Assignments of literals to interfaces elsewhere are in
// smith_composite_literal_to_interface.

type S struct{ F int }

func (s S) M() string { return fmt.Sprint("S", s.F) }

type A [2]int

func (a A) M() string { return fmt.Sprint("A", a[0]+a[1]) }

type I interface{ M() string }

type E struct{ C int }

func (e E) Error() string { return fmt.Sprint("E", e.C) }

func seq(yield func(int) bool) {
	for _, v := range []int{6, 7} {
		if !yield(v) {
			return
		}
	}
}

func fromLoop() I {
	for x := range seq {
		return S{F: x}
	}
	return S{-9}
}

func arrayFromLoop() I {
	for x := range seq {
		if x == 7 {
			return A{x, 1}
		}
	}
	return nil
}

func errorFromLoop() error {
	for x := range seq {
		if x == 7 {
			return E{x}
		}
	}
	return nil
}

func anyFromLoop() (r any, n int) {
	for x := range seq {
		return struct{ X, Y int }{x, 1}, 2
	}
	return
}

func main() {
	fmt.Println(fromLoop().M(), arrayFromLoop().M())
	err := errorFromLoop()
	var e E
	fmt.Println(err, errors.As(err, &e), e.C)
	v, n := anyFromLoop()
	fmt.Println(v, n)
	f := func() I {
		for x := range seq {
			if x > 6 {
				return S{F: x}
			}
		}
		return S{-9}
	}
	fmt.Println(f().M())
}
