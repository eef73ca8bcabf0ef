// A composite literal's elements: gc evaluates their calls first, in order, then the
// rest, so an index that panics in an element before a call panics after the call runs,
// and an element reads a variable as the later calls left it (yaegi patch 113).
package main

import "fmt"

type S struct {
	a, b int
	c    []int
}

type P struct{ x, y int }

type M struct {
	m map[string]int
	b int
}

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
	var p *P
	try("struct", func() { fmt.Println(S{a: e[0], b: f("struct", 1)}) })
	try("positional", func() { fmt.Println(P{e[1], f("positional", 2)}) })
	try("slice", func() { fmt.Println([]int{1, e[2], f("slice", 3)}) })
	try("nested", func() { fmt.Println(S{c: []int{e[3]}, b: f("nested", 4)}) })
	try("deref", func() { fmt.Println(P{x: p.x, y: f("deref", 5)}) })
	try("map", func() { fmt.Println(map[string]int{"k": e[4], "j": f("map", 6)}) })
	try("key", func() { fmt.Println(map[int]int{e[5]: 1, f("key", 7): 2}) })
	try("mapfirst", func() { fmt.Println(M{m: map[string]int{"k": e[7]}, b: f("mapfirst", 9)}) })
	try("mapcall", func() { fmt.Println(M{m: map[string]int{"k": f("mapcall", 10)}, b: e[8]}) })
	try("maplen", func() { fmt.Println([]int{e[9], len(map[int]int{1: f("maplen", 11)})}) })
	try("array", func() { fmt.Println([2]int{e[6], f("array", 8)}) })
	// Where nothing panics, an element reads what the later calls left.
	a := []int{1, 2}
	i := 0
	fmt.Println(P{a[i], func() int { a[0] = 10; i = 1; return 3 }()})
	fmt.Println(S{a: i, b: func() int { i = 7; return 0 }(), c: []int{a[0] + a[1], f("sum", 0)}})
	x := P{f("x", 1), f("y", 2)}
	q := &x
	fmt.Println([]P{{q.x, f("z", 3)}, {f("w", 4), q.y}})
}
