package main

import "fmt"

// A memo keyed by structs holding interface values of cell types with methods.
type Vec struct{ X, Y int }

func (v Vec) Len2() int { return v.X*v.X + v.Y*v.Y }

type Key struct {
	Op   string
	Args [2]any
}

var calls int

func eval(memo map[Key]int, op string, a, b any) int {
	k := Key{op, [2]any{a, b}}
	if v, ok := memo[k]; ok {
		return v
	}
	calls++
	v := 0
	switch op {
	case "dot":
		va, vb := a.(Vec), b.(Vec)
		v = va.X*vb.X + va.Y*vb.Y
	case "len2":
		v = a.(Vec).Len2()
	}
	memo[k] = v
	return v
}

func main() {
	memo := map[Key]int{}
	fmt.Println(eval(memo, "dot", Vec{1, 2}, Vec{3, 4}))
	fmt.Println(eval(memo, "dot", Vec{1, 2}, Vec{3, 4}))
	fmt.Println(eval(memo, "len2", Vec{3, 4}, nil))
	fmt.Println(eval(memo, "len2", Vec{3, 4}, nil))
	fmt.Println(eval(memo, "dot", Vec{3, 4}, Vec{1, 2}))
	fmt.Println("calls:", calls, "memo:", len(memo))
	k1 := Key{"x", [2]any{Vec{1, 1}, "a"}}
	k2 := Key{"x", [2]any{Vec{1, 1}, "a"}}
	fmt.Println(k1 == k2, k1.Args == k2.Args, k1 != Key{"x", [2]any{Vec{1, 2}, "a"}})
	delete(memo, Key{"len2", [2]any{Vec{3, 4}, nil}})
	fmt.Println(len(memo))
}
