package main

import "fmt"

// An assignment operator reads its destination, checking its index or pointer, before
// it evaluates the operations of its value (after the value's calls): with both an
// index out of range and a division by zero, the index panics.

type T struct{ n int }

type W struct{ t *T }

func try(name string, f func()) {
	defer func() { fmt.Println(name+":", recover()) }()
	f()
}

func main() {
	var s []int
	z := 0
	try("slice", func() { s[0] += 5 % z })
	try("slice call", func() { s[0] += func() int { fmt.Println("value call"); return 1 }() })
	try("assign", func() { s[0] = 5 % z })
	try("shift", func() { s[1] <<= 5 / z })
	a := [3]int{1, 2, 3}
	i := 5
	try("array", func() { a[i%8] -= 7 / z })
	pa := &a
	try("array pointer", func() { pa[i] *= s[2] })
	var p *T
	try("field", func() { p.n += 5 % z })
	var w W
	try("nested field", func() { w.t.n |= 3 / z })
	m := map[string]int{}
	try("map", func() { m["k"] += 5 % z })
	var nm map[string]int
	try("nil map", func() { nm["k"] += 5 % z })
	t := []int{1, 2}
	k := 1
	t[k] += t[k] * 10 / (k + 1)
	t[0] %= 3
	p = &T{5}
	p.n <<= t[0]
	fmt.Println(t, p.n, a)
}
