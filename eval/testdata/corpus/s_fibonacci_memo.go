package main

import "fmt"

func main() {
	memo := map[int]uint64{}
	var fib func(n int) uint64
	fib = func(n int) uint64 {
		if n < 2 {
			return uint64(n)
		}
		if v, ok := memo[n]; ok {
			return v
		}
		v := fib(n-1) + fib(n-2)
		memo[n] = v
		return v
	}
	fmt.Println(fib(10), fib(50), fib(90))
}
