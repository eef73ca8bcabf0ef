// A call as an if or for condition whose false branch is a bare return ending the
// function (yaegi patch 222): declared, literal, compiled, method and generic callees,
// a switch case; and a loop condition, which branched right already.

package main

import (
	"fmt"
	"strings"
)

var g bool

func f() bool { return g }

type T struct{}

func (T) M() bool { return false }

func gen[X any](x X) bool { return false }

var n int

func loop() bool { n++; return n < 3 }

func a() {
	if f() {
		fmt.Println("a then")
	} else {
		return
	}
	fmt.Println("a after")
}

func b() {
	fn := func() bool { return false }
	if fn() {
		fmt.Println("b then")
	} else {
		return
	}
	fmt.Println("b after")
}

func c() {
	if strings.HasPrefix("x", "y") {
		fmt.Println("c then")
	} else {
		return
	}
	fmt.Println("c after")
}

func d() {
	if (T{}).M() {
		fmt.Println("d then")
	} else {
		return
	}
	fmt.Println("d after")
}

func e() {
	if gen(1) {
		fmt.Println("e then")
	} else {
		return
	}
	fmt.Println("e after")
}

func h() {
	for loop() {
		fmt.Println("h loop", n)
	}
}

func k() int {
	if f() {
		fmt.Println("k then")
	} else {
		return 5
	}
	return 6
}

func l() {
	switch {
	case f():
		fmt.Println("l case")
	default:
		return
	}
	fmt.Println("l after")
}

func m() {
	if !f() {
		return
	}
	fmt.Println("m after")
}

func main() {
	a()
	b()
	c()
	d()
	e()
	h()
	fmt.Println(k())
	l()
	m()
	fmt.Println("end")
}
