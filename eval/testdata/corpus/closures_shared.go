// Closures share the variables they capture with each other and the enclosing function.
package main

import "fmt"

func makePair() (func(), func() int) {
	x := 0
	inc := func() { x++ }
	get := func() int { return x }
	return inc, get
}

func main() {
	inc, get := makePair()
	inc()
	inc()
	fmt.Println(get())
	total := 0
	add := func(n int) { total += n }
	for i := range 4 {
		add(i)
	}
	fmt.Println(total)
	funcs := map[string]func(int) int{}
	for _, k := range []int{2, 3} {
		funcs[fmt.Sprint("times", k)] = func(x int) int { return x * k }
	}
	fmt.Println(funcs["times2"](5), funcs["times3"](5))
}
