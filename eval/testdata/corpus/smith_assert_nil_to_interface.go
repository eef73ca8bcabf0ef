// A failed assertion of a nil interface value to an interface type says "interface is
// nil", as the runtime does, for the empty interface too (the rewrite's assertion said
// "interface {} is nil, not interface {}"; gosmith seeds 1576, 1708).
package main

import "fmt"

type I interface{ M1() }

type J interface {
	M1()
	M2()
}

type T struct{}

func (T) M1() {}

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover()) }()
	f()
}

func main() {
	try("a", func() {
		var i I
		_ = i.(any)
	})
	try("b", func() {
		var e error
		_ = e.(fmt.Stringer)
	})
	try("c", func() {
		var a any
		_ = a.(I)
	})
	try("d", func() {
		var a any
		_ = a.(int)
	})
	try("e", func() {
		var i I
		_ = i.(T)
	})
}
