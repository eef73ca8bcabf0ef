package main

import "fmt"

func memoize(f func(func(int) int, int) int) (func(int) int, *int) {
	cache := map[int]int{}
	calls := 0
	var g func(int) int
	g = func(n int) int {
		if v, ok := cache[n]; ok {
			return v
		}
		calls++
		v := f(g, n)
		cache[n] = v
		return v
	}
	return g, &calls
}

func main() {
	fib, calls := memoize(func(self func(int) int, n int) int {
		if n < 2 {
			return n
		}
		return self(n-1) + self(n-2)
	})
	fmt.Println(fib(50), *calls)
	fmt.Println(fib(60), *calls)
	var fact func(uint64) uint64
	fact = func(n uint64) uint64 {
		if n <= 1 {
			return 1
		}
		return n * fact(n-1)
	}
	fmt.Println(fact(20))
	adders := make(map[string]func(int) int)
	for _, k := range []int{1, 10, 100} {
		adders[fmt.Sprint("add", k)] = func(x int) int { return x + k }
	}
	fmt.Println(adders["add1"](5), adders["add10"](5), adders["add100"](5))
	x := 1
	inc := func() { x++ }
	get := func() int { return x }
	inc()
	inc()
	x *= 10
	fmt.Println(get())
}
