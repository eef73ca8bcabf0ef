package main

import (
	"fmt"
	"strings"
)

func memoize(f func(int) int) (func(int) int, *int) {
	cache := map[int]int{}
	misses := 0
	return func(n int) int {
		if v, ok := cache[n]; ok {
			return v
		}
		misses++
		v := f(n)
		cache[n] = v
		return v
	}, &misses
}

func counterPair() (inc func() int, get func() int) {
	n := 0
	inc = func() int { n++; return n }
	get = func() int { return n }
	return
}

func pipeline(fs ...func(string) string) func(string) string {
	return func(s string) string {
		for _, f := range fs {
			s = f(s)
		}
		return s
	}
}

func main() {
	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	}
	slow, misses := memoize(func(n int) int { return n * n })
	for _, n := range []int{3, 4, 3, 3, 5, 4} {
		fmt.Print(slow(n), " ")
	}
	fmt.Println("misses:", *misses, fib(20))

	inc, get := counterPair()
	inc()
	inc()
	fmt.Println(get(), inc(), get())

	p := pipeline(strings.TrimSpace, strings.ToUpper, func(s string) string { return s + "!" })
	fmt.Println(p("  hello  "))

	adders := make([]func(int) int, 3)
	for i := range adders {
		adders[i] = func(x int) int { return x + i*10 }
	}
	fmt.Println(adders[0](1), adders[1](1), adders[2](1))

	x := 10
	double := func() { x *= 2 }
	double()
	double()
	fmt.Println(x)

	acc := func() func(int) []int {
		var hist []int
		return func(v int) []int {
			hist = append(hist, v)
			return hist
		}
	}()
	acc(1)
	acc(2)
	h := acc(3)
	h[0] = 100
	fmt.Println(acc(4))

	var deferred []string
	func() {
		for i := 0; i < 3; i++ {
			defer func() { deferred = append(deferred, fmt.Sprint(i)) }()
		}
	}()
	fmt.Println(deferred)
}
