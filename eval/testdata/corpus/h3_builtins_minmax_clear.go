package main

import (
	"fmt"
	"math"
)

type Temp float64

func main() {
	fmt.Println(min(3, 1, 2), max(3, 1, 2), min(2.5, 1), max("apple", "banana", "cherry"))
	var a, b int8 = -5, 7
	fmt.Println(min(a, b), max(a, b, 0))
	t := max(Temp(20.5), 18)
	fmt.Printf("%v %T\n", t, t)
	fmt.Println(min(math.NaN(), 1), max(math.Inf(-1), -1e308))
	fmt.Println(min(0.0, math.Copysign(0, -1)), max(math.Copysign(0, -1), 0.0))
	const c = min(10, 20) * 2
	fmt.Println(c)
	x := 5
	lo, hi := 0, 3
	fmt.Println(min(max(x, lo), hi))

	m := map[string]int{"a": 1, "b": 2}
	mref := m
	clear(m)
	fmt.Println(len(m), len(mref), m == nil)
	m["c"] = 3
	fmt.Println(mref)

	s := []int{1, 2, 3, 4}
	sub := s[1:3]
	clear(sub)
	fmt.Println(s, len(sub))
	ptrs := []*int{&x, &x}
	clear(ptrs)
	fmt.Println(ptrs[0] == nil, len(ptrs))
	type pt struct{ X, Y int }
	ps := []pt{{1, 2}, {3, 4}}
	clear(ps[:1])
	fmt.Println(ps)
	var nilm map[int]bool
	clear(nilm)
	fmt.Println(len(nilm))
	words := []string{"x", "yy"}
	longest := ""
	for _, w := range words {
		longest = max(longest, w)
	}
	fmt.Println(longest, min(len(words[0]), len(words[1])))
}
