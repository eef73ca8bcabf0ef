package main

import "fmt"

// The calls inside an address of a composite literal (&S{...}) and inside a slice
// expression run first with the other calls of the statement, as gc evaluates them:
// before an index of another operand panics, and before an operand reads a variable
// they change.

type S struct {
	M map[string]int
	N int
}

func note(s string, n int) int {
	fmt.Println("called", s)
	return n
}

func ret(v []string) (string, *S) {
	return v[0], &S{N: note("ret", 1)}
}

func retMap(v []string) ([]int, string, *S) {
	return []int{1}, v[0], &S{map[string]int{"k": 1}, note("retMap", 2)}
}

func take(a string, s *S) {}

func assign(v []string) {
	a, b := v[0], &S{N: note("assign", 3)}
	_, _ = a, b
}

func call(v []string) {
	take(v[0], &S{N: note("call", 4)})
}

func slice(v []string) {
	w := []int{1, 2, 3}
	take(v[0], &S{N: len(w[note("slice", 1):])})
}

func reads() {
	n := 1
	p := &n
	fmt.Println(*p, &S{N: func() int { n = 9; return n }()} != nil)
	w := []int{1, 2, 3, 4}
	k := 1
	fmt.Println(k, w[k:func() int { k = 3; return 4 }()])
}

func try(name string, f func([]string)) {
	defer func() { fmt.Println(name, "recovered:", recover()) }()
	f(nil)
}

func main() {
	try("ret", func(v []string) { ret(v) })
	try("retMap", func(v []string) { retMap(v) })
	try("assign", assign)
	try("call", call)
	try("slice", slice)
	reads()
}
