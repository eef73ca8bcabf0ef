// The printed operands that gc converts to an interface where they stand (a value taken
// by its address: a composite literal, a local struct or bool variable that could live
// in registers) are read before the other arguments's calls, the others after them, as
// gc does (the rewrite's _pb_now, eval/internal/rewrite/printorder.go; gosmith seeds
// 534, 365, 209). Go leaves this order open; the expected output is gc's.
package main

import "fmt"

type E struct{ C int }

type S struct{ A, B int }

type Big struct{ A, B, C, D, E int }

type N string

func (n N) String() string { return "N(" + string(n) + ")" }

var gv = 1

var gs = S{1, 2}

func params(s S, b bool) {
	fmt.Println("param struct", s, func() int { s.A = 9; return 0 }())
	fmt.Println("param bool", b, func() int { b = true; return 0 }())
}

func main() {
	x := 1
	var v any = "old"
	s := S{1, 2}
	arr := [2]int{1, 2}
	sl := []int{1, 2}
	big := Big{1, 2, 3, 4, 5}
	b := false
	n := N("a")
	fmt.Println("var", x, func() int { x = 2; return 0 }())
	x = 1
	fmt.Println("arith", x+1, func() int { x = 2; return 0 }())
	fmt.Println("iface", v, func() int { v = "new"; return 0 }())
	fmt.Println("struct var", s, func() int { s.A = 9; return 0 }())
	s = S{1, 2}
	fmt.Println("field", s.A, func() int { s.A = 9; return 0 }())
	x = 1
	fmt.Println("lit", E{x}, func() int { x = 2; return 0 }())
	x = 1
	fmt.Println("arrlit", [1]E{{x}}, func() int { x = 2; return 0 }())
	x = 1
	fmt.Println("arrlit2", [2]E{{x}, {x}}, func() int { x = 2; return 0 }())
	x = 1
	fmt.Println("slicelit", []int{x}, func() int { x = 2; return 0 }())
	fmt.Println("arr", arr, func() int { arr[0] = 9; return 0 }())
	fmt.Println("index", sl[0], func() int { sl[0] = 9; return 0 }())
	fmt.Println("global", gv, func() int { gv = 2; return 0 }())
	fmt.Println("global struct", gs, func() int { gs.A = 7; return 0 }())
	fmt.Println("big", big, func() int { big.A = 9; return 0 }())
	fmt.Println("bool", b, func() int { b = true; return 0 }())
	fmt.Println("named", n, func() int { n = "b"; return 0 }())
	fmt.Printf("printf %v %v %d\n", s, E{x}, func() int { s.A, x = 3, 4; return 0 }())
	params(S{1, 2}, false)
	p := &S{1, 2}
	fmt.Println("deref", *p, func() int { p.A = 5; return 0 }())
}
