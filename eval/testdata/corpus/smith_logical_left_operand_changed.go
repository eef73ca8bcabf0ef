package main

import "fmt"

// A logical operator's value is its right operand's when the left one does not decide
// it, even when the right operand changes the variable the left one read: `b && g()`
// with g setting b to false is g's result (it gave false).

var b = true
var s = []bool{true}

type T struct{ On bool }

var t = T{true}
var p = &T{true}

func off() bool {
	b = false
	s[0] = false
	t.On = false
	p.On = false
	return true
}

func on() bool {
	b = true
	s[0] = true
	t.On = true
	p.On = true
	return false
}

func reset(v bool) {
	b, s[0], t.On, p.On = v, v, v, v
}

const c = true && false

var g1 = b && off()

func main() {
	fmt.Println("global", g1, c)
	reset(true)
	v := b && off()
	fmt.Println("and name", v)
	reset(true)
	fmt.Println("and index", s[0] && off())
	reset(true)
	fmt.Println("and field", t.On && off(), "pointer", func() bool { reset(true); return p.On && off() }())
	reset(false)
	w := b || on()
	fmt.Println("or name", w)
	reset(false)
	fmt.Println("or index", s[0] || on(), "or field", func() bool { reset(false); return t.On || on() }())
	reset(true)
	var i any = b && off()
	fmt.Println("interface", i)
	reset(true)
	if b && off() {
		fmt.Println("if and: taken")
	} else {
		fmt.Println("if and: not taken")
	}
	reset(false)
	if b || on() {
		fmt.Println("if or: taken")
	} else {
		fmt.Println("if or: not taken")
	}
	reset(true)
	fmt.Println("nested", (b && off()) || b, b && (off() || b), !(b && off()))
	reset(true)
	n := 0
	for b && n < 3 {
		n++
	}
	fmt.Println("loop", n)
	x, y := true, false
	fmt.Println("plain", x && y, x || y, y && x, y || x, c)
	reset(true)
	k := 0
	for i := 0; i < 3 && b; i++ {
		if i == 1 {
			b = false
		}
		k++
	}
	fmt.Println("for", k)
	reset(false)
	fmt.Println("both sides", b || on() && b, !b && on())
}
