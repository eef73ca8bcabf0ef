// An assignment whose destination has a call in it: Go calls it and the right-hand
// side's calls first, in order, then indexes, dereferences and assigns (yaegi patch 112).
package main

import "fmt"

type T struct{ x []int }

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
	var s [][]int
	var p *T
	var q **int
	m := map[int][]int{}
	c := make(chan int, 1)
	try("index", func() { e[f("index", 0)] = f("value", 1) })
	try("nested", func() { s[0][f("nested", 0)] = f("value", 1) })
	try("field", func() { p.x[f("field", 0)] = f("value", 1) })
	try("star", func() { **q = f("value", 1) })
	try("callptr", func() { *func() *int { fmt.Println("call ptr"); return nil }() = f("value", 1) })
	try("map", func() { m[f("key", 1)][f("map", 0)] = f("value", 1) })
	try("op", func() { e[f("op", 2)] += f("value", 1) })
	try("two", func() { e[f("first", 0)], s[f("second", 1)] = f("value", 1), nil })
	c <- 3
	try("recv", func() { e[<-c] = f("value", 1) })
	try("ix", func() {
		var v int
		e[(v-v<<3)%(len(e)+1)+f("ix", 0)] = func() int {
			fmt.Println("literal", v)
			return 1
		}()
	})
	// Where nothing panics, the values land where Go puts them.
	a := []int{0, 0, 0}
	i := 0
	a[f("at", 1)+i] = func() int { i = 1; return 7 }()
	fmt.Println(a, i)
	b := [][]int{{0, 0}, {0, 0}}
	b[i][f("at", 0)], a[f("at", 2)] = f("v1", 5), f("v2", 6)
	fmt.Println(b, a)
	pt := &T{x: []int{1, 2}}
	pt.x[f("at", 1)] = func() int { pt = &T{x: []int{8, 9}}; return 4 }()
	fmt.Println(pt.x)
}
