package main

import "fmt"

func fibGen() func() int {
	a, b := 0, 1
	return func() int {
		r := a
		a, b = b, a+b
		return r
	}
}

func accumulate(start int) (add func(int) int, get func() int) {
	total := start
	add = func(n int) int {
		total += n
		return total
	}
	get = func() int { return total }
	return
}

type Op func(float64, float64) (float64, error)

func main() {
	f := fibGen()
	for i := 0; i < 10; i++ {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	add, get := accumulate(10)
	add(5)
	add(-3)
	fmt.Println(get())
	ops := map[string]Op{
		"+": func(a, b float64) (float64, error) { return a + b, nil },
		"/": func(a, b float64) (float64, error) {
			if b == 0 {
				return 0, fmt.Errorf("divide %v by zero", a)
			}
			return a / b, nil
		},
	}
	for _, expr := range []struct {
		op   string
		a, b float64
	}{{"+", 1, 2}, {"/", 9, 3}, {"/", 1, 0}} {
		r, err := ops[expr.op](expr.a, expr.b)
		fmt.Println(expr.op, r, err)
	}
	var steps []func()
	out := []string{}
	for _, name := range []string{"a", "b", "c"} {
		steps = append(steps, func() { out = append(out, name) })
	}
	for i := len(steps) - 1; i >= 0; i-- {
		steps[i]()
	}
	fmt.Println(out)
	counter := 0
	incr := func() func() {
		return func() { counter++ }
	}()
	for range 5 {
		incr()
	}
	fmt.Println(counter)
	var rec func(n int) []int
	rec = func(n int) []int {
		if n == 0 {
			return nil
		}
		return append(rec(n-1), n)
	}
	fmt.Println(rec(5))
	x := 10
	show := func() int { return x }
	x = 20
	fmt.Println(show())
	func(vals ...int) {
		fmt.Println(len(vals), vals)
	}(1, 2, 3)
	deferredVal := func() (s string) {
		defer func() { s += "!" }()
		s = "hi"
		return s + "?"
	}()
	fmt.Println(deferredVal)
}
