package main

import (
	"fmt"
	"runtime"
)

// A multiple assignment stores from left to right: the destinations before one whose
// location panics (a nil pointer's target, an index out of range) are stored, those
// after it are not, as with gc (Go's test fixedbugs/issue23017.go).

type T struct{ a, b int }

func pair() (int, int) { return 1, 2 }

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		fmt.Println(name, r, isRuntime)
	}()
	f()
}

func main() {
	m := map[int]int{}
	var p *int
	try("pointer", func() { m[2], *p = 42, 2 })
	fmt.Println(m)

	s := []int{}
	var arr [3]int
	i := 5
	try("index", func() { arr[0], s[i], arr[1] = 7, 8, 9 })
	fmt.Println(arr)

	var q *T
	x := 0
	try("field", func() { x, q.b = 3, 4 })
	fmt.Println(x)

	// The operand of a pointer indirection is evaluated first: **pp with pp nil
	// panics before any store.
	var pp **int
	try("operand", func() { x, **pp = 5, 6 })
	fmt.Println(x)

	// From an interpreted call's results.
	var t *T
	try("call", func() { x, t.a = pair() })
	fmt.Println(x)

	for k := 0; k < 3; k++ {
		ss := make([]int, k)
		try("loop", func() { x, ss[1] = k, k })
	}
	fmt.Println(x)

	// The destination's pointer is the one before the assignment.
	var y T
	pt := &y
	pt, pt.a = new(T), 4
	fmt.Println(y.a, pt.a)
}
