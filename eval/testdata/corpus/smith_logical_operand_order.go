package main

import "fmt"

// A logical operator among the operands of a statement is evaluated where it stands
// among the calls (gc's order pass computes it into a temporary there); the other
// operands that are no call are read after the calls. Shrunk from gosmith seed 9398:
// `return f() && c, int32(-9) + (5 &^ g39[i]), g()` with g's deferred call sorting g39
// (slices.Sort there).

var s = []int{5}
var b = true
var g39 = []int32{9, -4}

type S struct{ A, B, C any }

func t() bool { return true }

func g() int {
	s[0] = 1
	b = false
	return 9
}

func reset() {
	s[0] = 5
	b = true
}

func show(a ...any) { fmt.Println(a...) }

func seed9398() (bool, int32, uint) {
	return (func() bool { return true }() && !(uint(2) > uint(15))), (int32(-9) + (int32(5) &^ g39[0])), (func() uint {
		defer func() {
			g39[0], g39[1] = g39[1], g39[0] // sorts g39
		}()
		return uint(18446744073709551615)
	}() % (uint(8) | 1))
}

func retAndCall() (bool, int, int)  { return t() && true, s[0] + 0, g() }
func retAndNoCall() (bool, int)     { return b && true, g() }
func retOrMiddle() (int, bool, int) { return s[0] + 0, t() || false, g() }

var bm = map[bool]int{true: 3, false: 4}

func retMapKey() (int, int) { return bm[b && true] + 0, g() }

func main() {
	fmt.Println(seed9398())
	reset()
	fmt.Println(retAndCall())
	reset()
	fmt.Println(retAndNoCall())
	reset()
	fmt.Println(retOrMiddle())
	reset()
	fmt.Println(retMapKey())
	reset()
	p, q, r := t() && true, s[0]+0, g()
	fmt.Println("assign", p, q, r)
	reset()
	u, w := b || false, g()
	fmt.Println("assign no call", u, w)
	reset()
	show(t() && true, s[0]+0, g())
	reset()
	show(b && true, g())
	reset()
	fmt.Println(t() && true, s[0]+0, g())
	reset()
	fmt.Println("binary", (b && true) == (g() > 0), (t() && true) == (s[0] > g()))
	reset()
	v := S{t() && true, s[0] + 0, g()}
	fmt.Println("composite", v)
	reset()
	v = S{b && true, g(), 0}
	fmt.Println("composite no call", v)
}
