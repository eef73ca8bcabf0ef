// The operands of an operator and the arguments of a call: gc evaluates their calls
// first, in order, then the rest, so an index that panics before a call panics after
// the call runs, and an operand reads a variable as the later calls left it (yaegi
// patch 114).
package main

import (
	"fmt"
	"strings"
)

type V struct{ n int }

func (v V) Get(d int) int   { return v.n + d }
func (v *V) Ptr(d int) int  { return v.n * d }
func add(a, b int) int      { return a + b }
func three(a, b, c int) int { return a*100 + b*10 + c }

func f(name string, v int) int {
	fmt.Println("call", name)
	return v
}

func try(name string, fn func()) {
	defer func() { fmt.Println(name, recover()) }()
	fn()
}

func main() {
	var e []int
	var ss []string
	var pv *V
	try("println", func() { fmt.Println(e[0], f("println", 1)) })
	try("user", func() { fmt.Println(add(e[1], f("user", 2))) })
	try("package", func() { fmt.Println(strings.Repeat(ss[0], f("package", 3))) })
	try("plus", func() { fmt.Println(e[2] + f("plus", 4)) })
	try("define", func() { x := e[3] * f("define", 5); fmt.Println(x) })
	try("compare", func() { fmt.Println(e[4] == f("compare", 6)) })
	try("nested", func() { fmt.Println(add(1, e[5]+add(f("nested", 7), 2))) })
	try("deref", func() { fmt.Println(pv.n + f("deref", 8)) })
	try("method", func() { fmt.Println(pv.Ptr(f("method", 9))) })
	try("shift", func() { fmt.Println(e[6] << f("shift", 1)) })
	try("division", func() { z := 0; fmt.Println(10/z + f("division", 1)) })
	try("return", func() { fmt.Println(func() int { return e[7] - f("return", 1) }()) })
	// Where nothing panics, an operand reads what the later calls left.
	i := 1
	fmt.Println(i + func() int { i = 10; return 0 }())
	a := []int{1, 2, 3}
	fmt.Println(three(a[0], f("mid", 5), a[1]), three(a[2], func() int { a[2] = 9; return 0 }(), 1))
	v := V{n: 1}
	fmt.Println(v.Get(func() int { v.n = 50; return 1 }()))
	fmt.Println(strings.Repeat("ab", f("count", 2))+strings.ToUpper("x"), len(a)+f("len", 1))
	// A built-in's call is a call: in lexical order among the others (a conversion
	// is not).
	x := 1
	s := []int{1}
	fmt.Println(len(s), func() int { s = append(s, 1, 2, 3); return 0 }())
	fmt.Println(cap(s[:1]) > 1, func() int { s = []int{}; return 0 }())
	fmt.Println(int(int8(x)), func() int { x = 6; return 0 }())
	str := "ab"
	fmt.Println(len(str)+1, func() int { str = "abcd"; return 0 }(), len(str))
}
