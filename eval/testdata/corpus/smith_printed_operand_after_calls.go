// A printed operand of an interface or cell type is read after the calls of the other
// arguments, as gc reads an operand that is no call: a later argument's call that
// changes it shows (yaegi patch 124, the rewrite's printing wrappers; gosmith seed 365).
package main

import "fmt"

type S struct{ A int }

type N int

func (n N) String() string { return fmt.Sprintf("N<%d>", int(n)) }

var g any = "global"

func f(v any, n int, s S, k N) {
	fmt.Println("a", v, func() int { v = nil; return 1 }())
	fmt.Println("b", n, func() int { n = 7; return 1 }())
	fmt.Println("c", v, func() S { v = 5; return S{} }())
	fmt.Printf("d %v %v %d\n", s, k, func() int { s.A, k = 9, 4; return 2 }())
	fmt.Print("e", s, k, func() int { s.A, k = 10, 5; return 3 }(), "\n")
	fmt.Println("f", g, func() int { g = "changed"; return 4 }())
	msg := fmt.Sprintf("%v %T %#v", k, v, func() any { k, v = 6, 1.5; return s }())
	fmt.Println("g", msg)
}

func main() {
	f("x", 1, S{1}, 2)
	var w any = "y"
	fmt.Println("h", w, func() int { w = nil; return 1 }())
}
