// The arguments of a deferred call and of a go statement are evaluated where the
// statement is, as gc evaluates a call's arguments: their calls first, then the rest
// (yaegi patch 117 and the rewrite's bound arguments).
package main

import "fmt"

type V struct{ n int }

func (v V) Show(a, b int) { fmt.Println("show", v.n, a, b) }

func f(name string, v int) int {
	fmt.Println("call", name)
	return v
}

func g(a, b int) { fmt.Println("g", a, b) }

func try(name string, fn func()) {
	defer func() { fmt.Println(name, recover()) }()
	fn()
}

func main() {
	var e []int
	try("defer", func() { defer g(e[0], f("defer", 1)) })
	try("go", func() { go g(e[1], f("go", 2)) })
	try("method", func() { v := V{1}; defer v.Show(e[2], f("method", 3)) })
	try("println", func() { defer fmt.Println(e[3], f("println", 4)) })
	i := 1
	func() { defer g(i, func() int { i = 5; return 0 }()) }()
	func() { defer g(i*2, f("twice", 6)) }()
	done := make(chan bool)
	go func(a, b int) {
		fmt.Println("go", a, b)
		done <- true
	}(i*2, func() int { i = 7; return 0 }())
	<-done
	func() {
		v := V{1}
		defer v.Show(i, func() int { i = 8; return 1 }())
	}()
}
