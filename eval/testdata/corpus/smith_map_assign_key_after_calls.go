package main

import (
	"fmt"
	"sort"
)

// An assignment to a map entry reads the map and the key after the calls of the
// assignment, as gc evaluates them: a call that changes a variable the key or the map
// expression reads changes where the value is stored.

var g = 1

type holder struct{ m map[string]int }

func show(m map[int]int) string {
	var keys []int
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	s := ""
	for _, k := range keys {
		s += fmt.Sprint(k, ":", m[k], " ")
	}
	return s
}

func main() {
	m := map[int]int{}
	m[g+10] = m[func() int { g = 5; return 0 }()]
	m[g+20] = func() int { g = 7; return 1 }()
	k := 1
	m[k*100] = func() int { k = 3; return 2 }()
	m[-g] = len(fmt.Sprint(func() int { g = 9; return 0 }()))
	fmt.Println(show(m))

	h := &holder{map[string]int{}}
	other := map[string]int{}
	h.m["a"] = func() int { h.m = other; return 1 }()
	fmt.Println(len(h.m), other)

	var nm map[string]int
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		nm["x"] = func() int { fmt.Println("called before the store"); return 1 }()
	}()

	n := 2
	m[n] = n * 10
	m[n+1] += func() int { n = 50; return 1 }()
	fmt.Println(show(m))
}
