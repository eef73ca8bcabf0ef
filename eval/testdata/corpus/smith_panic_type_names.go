// A runtime error's message names the types of the program as Go does (main.N,
// []main.S), where it named their representation in the interpreter: a pool type
// (namedpool.String_0) or a struct with its identity tag (yaegi patch 120 and the
// rewrite's type assertions; gosmith seeds 697, 743).
package main

import "fmt"

type N1 string

type S struct {
	A any
	B N1
}

type Outer struct {
	S
	C []int
}

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover()) }()
	f()
}

func main() {
	try("array of named", func() {
		var x any = [1]N1{}
		_ = x.(map[uint16]uint8)
	})
	try("slice of named", func() {
		var x any = []N1{}
		_ = x.(int)
	})
	try("named", func() {
		var x any = N1("")
		_ = x.(int)
	})
	try("compare slices of struct", func() {
		var x, y any = []S{}, []S{}
		_ = x == y
	})
	try("compare slices of embedding struct", func() {
		var x, y any = []Outer{}, []Outer{}
		_ = x == y
	})
	try("compare structs with a slice", func() {
		var x, y any = Outer{}, Outer{}
		_ = x == y
	})
	try("compare slices of named", func() {
		var x, y any = []N1{}, []N1{}
		_ = x == y
	})
	try("unhashable key", func() {
		m := map[any]int{}
		m[[]S{}] = 1
	})
	try("map of struct", func() {
		var x any = map[S]N1{}
		_ = x.([]int)
	})
	type L struct{ V int }
	try("local struct", func() {
		var x, y any = []L{}, []L{}
		_ = x == y
	})
	try("pointer to struct", func() {
		var x any = &S{}
		_ = x.(S)
	})
}
