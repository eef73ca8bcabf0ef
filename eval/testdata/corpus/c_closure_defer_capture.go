package main

import "fmt"

type Op struct {
	Name string
	Fn   func(float64, float64) float64
}

func makeOps() []Op {
	var ops []Op
	for _, name := range []string{"+", "-", "*", "/"} {
		var fn func(a, b float64) float64
		switch name {
		case "+":
			fn = func(a, b float64) float64 { return a + b }
		case "-":
			fn = func(a, b float64) float64 { return a - b }
		case "*":
			fn = func(a, b float64) float64 { return a * b }
		case "/":
			fn = func(a, b float64) float64 { return a / b }
		}
		ops = append(ops, Op{name, fn})
	}
	return ops
}

func accumulate() (func(int), func() []int) {
	var hist []int
	sum := 0
	add := func(n int) {
		sum += n
		hist = append(hist, sum)
	}
	return add, func() []int { return hist }
}

func main() {
	for _, op := range makeOps() {
		fmt.Printf("8 %s 2 = %g\n", op.Name, op.Fn(8, 2))
	}
	add, hist := accumulate()
	for _, n := range []int{5, -2, 10} {
		add(n)
	}
	fmt.Println(hist())
	s := []int{1, 2, 3}
	double := func() {
		for i := range s {
			s[i] *= 2
		}
	}
	double()
	s = append(s, 100)
	double()
	fmt.Println(s)
	func(msg string) { fmt.Println("iife:", msg) }("now")
}
