package main

import (
	"fmt"
	"sort"
	"strings"
)

func counter() (func() int, func()) {
	c := 0
	return func() int { c++; return c }, func() { c = 0 }
}

func memo(f func(int) int) func(int) int {
	cache := map[int]int{}
	return func(n int) int {
		if v, ok := cache[n]; ok {
			return v
		}
		v := f(n)
		cache[n] = v
		return v
	}
}

type Middleware func(string) string

func chain(ms ...Middleware) Middleware {
	return func(s string) string {
		for i := len(ms) - 1; i >= 0; i-- {
			s = ms[i](s)
		}
		return s
	}
}

func main() {
	next, reset := counter()
	next()
	next()
	fmt.Println(next())
	reset()
	fmt.Println(next())
	var fib func(int) int
	fib = memo(func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	})
	fmt.Println(fib(80))
	var funcs []func() int
	for i := 0; i < 3; i++ {
		funcs = append(funcs, func() int { return i * i })
	}
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	h := chain(strings.ToUpper, func(s string) string { return "[" + s + "]" }, strings.TrimSpace)
	fmt.Println(h("  hi  "))
	adders := map[string]func(int) int{}
	for _, n := range []int{1, 10, 100} {
		adders[fmt.Sprint("add", n)] = func(x int) int { return x + n }
	}
	keys := make([]string, 0)
	for k := range adders {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Print(k, "=", adders[k](5), " ")
	}
	fmt.Println()
	x := 1
	inc := func() { x++ }
	inc()
	inc()
	fmt.Println(x)
	compose := func(f, g func(int) int) func(int) int { return func(v int) int { return g(f(v)) } }
	fmt.Println(compose(func(v int) int { return v + 1 }, func(v int) int { return v * 3 })(4))
}
