package main

import "fmt"

// A value converted to an interface where it stands (an argument of an any parameter,
// an element of a []any literal) is copied there, among the statement's calls, when
// gc's conversion takes it by its address: a composite literal or an operation (not a
// variable) of a type other than a string, a slice, or 2, 4 or 8 bytes without
// pointers. `g(T{k, k}, f())` with f changing k passes the old k; `g(U{k}, f())`, U of
// 8 bytes, the new one.

type T struct{ a, b int }
type U struct{ a int }

var k = 1
var k8 int8 = 1
var kb bool
var k16 int16 = 1
var kf = 1.0
var s = []string{"x"}

func f() int {
	k, k8, kb, k16, kf = 10, 10, true, 10, 10
	s[0] = "y"
	return 0
}

func reset() {
	k, k8, kb, k16, kf = 1, 1, false, 1, 1
	s[0] = "x"
}

func g(a any, b int) { fmt.Println(a, b) }

func gv(b int, a ...any) { fmt.Println(a, b) }

func main() {
	reset()
	g(T{k, k}, f())
	reset()
	g(U{k}, f())
	reset()
	g([2]int{k, k}, f())
	reset()
	g(k8+1, f())
	reset()
	g(!kb, f())
	reset()
	g(k16+1, f())
	reset()
	g(kf+0.5, f())
	reset()
	g(s[0]+"!", f())
	reset()
	g(complex(kf, 0)+1, f())
	reset()
	g(int8(k)+1, f())
	reset()
	g(T{k, k}.a, f())
	reset()
	fmt.Println([]any{T{k, k}, k8 + 1, U{k}, f()})
	reset()
	gv(f(), T{k, k})
	reset()
	gv(0, T{k, k}, f())
	reset()
	var xs [3]any = [3]any{(T{k, 2}), f(), k8 * 2}
	fmt.Println(xs)
}
