package main

import (
	"fmt"
	"strconv"
)

// A map entry assigned from a call's results (m[k], x = f()) is stored in the map, for
// calls of interpreted and of compiled functions; the map and the key are read after
// the call and before the first store, as gc does.

var k = 0
var m = map[int]int{}
var other = map[int]int{}

func pair() (int, int) { return 1, 2 }

func moving() (int, int) { k = 5; m = other; return 3, 4 }

func main() {
	x := 0
	m[1], x = pair()
	fmt.Println(m, x)
	m[2], m[3] = pair()
	fmt.Println(m)

	var err error
	m[4], err = strconv.Atoi("7")
	fmt.Println(m, err)

	// The key is read before the first store.
	j := 0
	mj := map[int]int{}
	j, mj[j] = pair()
	fmt.Println(j, mj)

	// An interface-typed key and value.
	mi := map[any]any{}
	mi["a"], mi[2.5] = pair()
	fmt.Println(mi["a"], mi[2.5])

	// The call changes the map variable and the key: the entry stored is the new one.
	old := m
	m[k], x = moving()
	fmt.Println(old[5], other, x)

	// A map of a struct field, and the comma-ok form of a call of compiled code.
	type S struct{ m map[string]bool }
	s := S{m: map[string]bool{}}
	var e2 error
	s.m["t"], e2 = strconv.ParseBool("true")
	fmt.Println(s.m, e2)

	// A nil map panics, as with gc.
	defer func() { fmt.Println("recovered:", recover()) }()
	var nm map[string]int
	nm["x"], x = pair()
}
