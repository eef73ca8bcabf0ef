// A conversion to a bool type that is a condition (if N1(b) {}, N1(b) || f(), a case of a
// tagless switch, a for loop's condition) branches on its value: the cell took the true
// branch whatever the value, and never evaluated the right operand of || (yaegi patch
// 123; gosmith seed 783).
package main

import "fmt"

type N1 bool

func g(s string) bool { fmt.Println("g", s); return true }

func conditions() {
	b := false
	if N1(b) {
		fmt.Println("wrong 1")
	}
	if bool(N1(b)) {
		fmt.Println("wrong 2")
	}
	var i any = false
	if i.(bool) {
		fmt.Println("wrong 3")
	}
	for N1(b) {
		fmt.Println("wrong 4")
		break
	}
	switch {
	case bool(N1(b)):
		fmt.Println("wrong 5")
	}
	m := map[int]bool{}
	if m[1] {
		fmt.Println("wrong 6")
	}
	s := []bool{false}
	if s[0] {
		fmt.Println("wrong 7")
	}
	type T struct{ B bool }
	t := T{}
	if t.B {
		fmt.Println("wrong 8")
	}
	p := &b
	if *p {
		fmt.Println("wrong 9")
	}
	ch := make(chan bool, 1)
	ch <- false
	if <-ch {
		fmt.Println("wrong 10")
	}
	f := func() N1 { return false }
	if f() || N1(b) {
		fmt.Println("wrong 11")
	}
	fmt.Println("done")
}

func main() {
	b := false
	fmt.Println(N1(b) || N1(g("a")))
	fmt.Println(N1(b) || true && true)
	c := true
	fmt.Println(N1(c) && N1(g("b")))
	fmt.Println(bool(N1(b)) || g("c"))
	var i any = false
	fmt.Println(i.(bool) || g("d"))
	fmt.Println(N1(2 < 1) || N1(g("e")))
	fmt.Println(bool(b) || g("f"))
	conditions()
	fmt.Println(N1(1234.5678 < 1.5) || true && true)
}
