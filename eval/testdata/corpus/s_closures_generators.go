package main

import "fmt"

func counter(start, step int) (next func() int, reset func()) {
	n := start
	next = func() int {
		v := n
		n += step
		return v
	}
	reset = func() { n = start }
	return
}

func main() {
	next, reset := counter(10, 5)
	fmt.Println(next(), next(), next())
	reset()
	fmt.Println(next())
	funcs := map[string]func(float64, float64) float64{
		"add": func(a, b float64) float64 { return a + b },
		"mul": func(a, b float64) float64 { return a * b },
	}
	fmt.Println(funcs["add"](2, 3), funcs["mul"](2, 3))
}
