package main

import "fmt"

// A value converted to an interface that gc copies where it stands among the calls:
// one the conversion takes by its address (not a 2, 4 or 8 byte word without pointers,
// nor a string or a slice alone) that is not addressable (a composite literal, a
// conversion, an operation, a map element, a byte of a string). An addressable one (a
// variable, an element of a slice) and a word are read after the calls.

type P struct{ A, B int }
type Q P
type O struct{ A int }
type W struct{ V any }
type T struct{}

func (T) Take(a any, n int) { fmt.Println("method", a, n) }

var s = []int{5, 5}
var arr = [2]int{5, 5}
var x = 5
var b8 int8 = 5
var c1 = complex(5, 0)
var str = "hello"
var pv = P{5, 5}
var o = O{5}
var mp = map[int][2]int{0: {5, 5}}
var aa = [][2]int{{5, 5}}

func g() int {
	s[0], arr[0], x, b8, c1, str = 1, 1, 1, 1, 1, "jello"
	pv.A, o.A, aa[0][0] = 1, 1, 1
	mp[0] = [2]int{1, 1}
	return 0
}

func reset() {
	s[0], arr[0], x, b8, c1, str = 5, 5, 5, 5, 5, "hello"
	pv.A, o.A, aa[0][0] = 5, 5, 5
	mp[0] = [2]int{5, 5}
}

func anyv(name string, a any, n int) { fmt.Println(name, a, n) }

func anys(a ...any) { fmt.Println(a...) }

func lit() (any, int) { return [2]int{s[0], 1}, g() }

func main() {
	anyv("array literal", [2]int{s[0], 1}, g())
	reset()
	anyv("struct literal", P{s[0], 1}, g())
	reset()
	anyv("conversion", Q(pv), g())
	reset()
	anyv("map element", mp[0], g())
	reset()
	anyv("comparison", x > 3, g())
	reset()
	anyv("int8 operation", b8+0, g())
	reset()
	anyv("int8 conversion", int8(x), g())
	reset()
	anyv("complex", c1+0, g())
	reset()
	anyv("negated complex", -c1, g())
	reset()
	anyv("string byte", str[0], g())
	reset()
	fmt.Println(lit())
	reset()
	var a any
	var n int
	a, n = [2]int{s[0], 1}, g()
	fmt.Println("assignment", a, n)
	reset()
	v := []any{[2]int{s[0], 1}, g()}
	fmt.Println("composite", v)
	reset()
	w := []W{{V: [2]int{s[0], 1}}, {V: g()}}
	fmt.Println("keyed", w)
	reset()
	nv := []any{[]any{[2]int{s[0], 1}}, g()}
	fmt.Println("nested", nv)
	reset()
	anys("variadic", [2]int{s[0], 1}, g())
	reset()
	var t T
	t.Take([2]int{s[0], 1}, g())
	reset()
	fmt.Println("sprint", fmt.Sprint([2]int{s[0], 1}, g()))

	// Read after the calls.
	reset()
	anyv("array variable", arr, g())
	reset()
	anyv("slice element", aa[0], g())
	reset()
	anyv("int operation", x+0, g())
	reset()
	anyv("one word struct", O{o.A}, g())
	reset()
	anyv("string operation", str+"", g())
}
