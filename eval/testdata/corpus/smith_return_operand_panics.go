package main

import (
	"fmt"
	"strconv"
)

// A return of several operands sets its results only once every operand is computed:
// when a later operand panics and a deferred call recovers, the function returns its
// results as they were before the return statement (zero for unnamed results).

type S struct{ A, B int }

func boom() int { panic("boom") }

func mk() map[int]int { return map[int]int{1: 2} }

func pair() (int, int) { return 3, 4 }

func gen[T any](v T) T { return v }

func (s S) Sum() int { return s.A + s.B }

func callFirst() (map[int]int, int) {
	defer func() { fmt.Println("recovered:", recover()) }()
	return mk(), boom()
}

func literalCall() (map[int]int, int) {
	defer func() { recover() }()
	return func() map[int]int { return map[int]int{1: 2} }(), boom()
}

func builtinFirst() (int, int) {
	defer func() { recover() }()
	return len(mk()), boom()
}

func compiledFirst() (string, int) {
	defer func() { recover() }()
	return strconv.Itoa(42), boom()
}

func arithmeticFirst(x int) (int, int, int) {
	defer func() { recover() }()
	return x * 2, -x, boom()
}

func indexPanics(e []int) (S, int) {
	defer func() { fmt.Println("recovered:", recover()) }()
	return S{1, 2}, e[3]
}

func methodAndGeneric() (int, string, int) {
	defer func() { recover() }()
	return S{5, 6}.Sum(), gen("x"), boom()
}

func interfaceResult() (any, error) {
	defer func() { recover() }()
	return 7 > 3, fmt.Errorf("e%d", boom())
}

func named() (a int, b string) {
	a, b = 9, "before"
	defer func() { recover() }()
	return len("four"), strconv.Itoa(boom())
}

func single() (s S) {
	defer func() { recover() }()
	return S{A: 1, B: boom()}
}

func singleSlice() []int {
	defer func() { recover() }()
	return []int{1, boom()}
}

func fromPair() (int, int) {
	defer func() { recover() }()
	a, b := pair()
	return a, b + boom()
}

func noPanic(x int) (map[int]int, int, string) {
	return mk(), x * 3, strconv.Itoa(x)
}

func main() {
	fmt.Println(callFirst())
	fmt.Println(literalCall())
	fmt.Println(builtinFirst())
	fmt.Println(compiledFirst())
	fmt.Println(arithmeticFirst(4))
	fmt.Println(indexPanics(nil))
	fmt.Println(methodAndGeneric())
	fmt.Println(interfaceResult())
	fmt.Println(named())
	fmt.Println(single())
	fmt.Println(singleSlice())
	fmt.Println(fromPair())
	fmt.Println(noPanic(5))
}
