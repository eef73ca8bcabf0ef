package main

import "fmt"

type key string
type id int
type point struct{ X, Y int }
type point2 struct{ X, Y int }

func main() {
	m := map[any]int{
		key("a"): 1,
		"a":      2,
		id(1):    3,
		1:        4,
		int64(1): 5,
	}
	m[point{1, 2}] = 6
	m[point2{1, 2}] = 7
	fmt.Println("len:", len(m))
	fmt.Println(m[key("a")], m["a"], m[id(1)], m[1], m[int64(1)], m[point{1, 2}], m[point2{1, 2}])
	_, ok := m[key("b")]
	fmt.Println("key(b) present:", ok)
	delete(m, "a")
	fmt.Println("after delete:", len(m), m[key("a")])
	counts := map[any]int{}
	for _, v := range []any{key("x"), "x", key("x"), id(2), 2, id(2)} {
		counts[v]++
	}
	fmt.Println(counts[key("x")], counts["x"], counts[id(2)], counts[2])
}
