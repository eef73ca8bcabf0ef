package main

import (
	"errors"
	"fmt"
)

// A switch whose tag is not an interface, with a case that is: the tag is compared as
// converted to the interface, as Go does (yaegi patch 140).

type myint int

func (m myint) foo() {}

type fooer interface{ foo() }

type comparableFoo interface {
	comparable
	foo()
}

func g[T comparableFoo](i fooer) string {
	var t T
	switch t {
	case i:
		return "equal"
	default:
		return "not equal"
	}
}

type code uint64

func classify(c code, special fooer, e any) string {
	switch c {
	case 1, 2:
		return "small"
	case 1e16:
		return "big"
	case e:
		return "e"
	}
	return "other"
}

var errA = errors.New("a")

func main() {
	fmt.Println(g[myint](myint(0)), g[myint](myint(1)))
	var f fooer = myint(3)
	m := myint(3)
	switch m {
	case f:
		fmt.Println("m matches f")
	default:
		fmt.Println("m does not match f")
	}
	fmt.Println(classify(2, nil, nil), classify(1e16, nil, nil), classify(1e16+1, nil, nil))
	fmt.Println(classify(5, nil, code(5)), classify(5, nil, uint64(5)), classify(5, nil, 5))
	var err error = errA
	e := errA
	switch e {
	case err:
		fmt.Println("same error")
	}
	var x any = 7
	n := 7
	switch n {
	case x:
		fmt.Println("n == x")
	}
}
