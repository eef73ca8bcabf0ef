// The results of a return statement and the values of a multiple assignment: gc
// evaluates their calls first, in order, then the rest (yaegi patch 115).
package main

import "fmt"

func f(name string, v int) int {
	fmt.Println("call", name)
	return v
}

func try(name string, fn func()) {
	defer func() { fmt.Println(name, recover()) }()
	fn()
}

func conv() (uint, int) {
	i := 1
	return uint(i) + 1, func() int { i = 5; return 0 }()
}

func index(e []int) (int, int) {
	return e[0], f("return", 1)
}

func three(s []int) (int, string, int) {
	k := 0
	return s[k] * 2, fmt.Sprint(f("sprint", 3)), func() int { k = 1; return 7 }()
}

func main() {
	var e []int
	fmt.Println(conv())
	try("return", func() { fmt.Println(index(e)) })
	fmt.Println(three([]int{4, 5}))
	try("define", func() { a, b := e[1], f("define", 2); fmt.Println(a, b) })
	try("assign", func() {
		var a, b int
		a, b = e[2]+1, f("assign", 3)
		fmt.Println(a, b)
	})
	i := 1
	a, b := i*3, func() int { i = 4; return 0 }()
	fmt.Println(a, b)
	x, y := 1, 2
	x, y = y+f("swap", 10), x
	fmt.Println(x, y)
}
