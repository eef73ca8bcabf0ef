package main

import (
	"fmt"
)

func factors(n int) []int {
	var fs []int
	for p := 2; p*p <= n; p++ {
		for n%p == 0 {
			fs = append(fs, p)
			n /= p
		}
	}
	if n > 1 {
		fs = append(fs, n)
	}
	return fs
}

func main() {
	for _, n := range []int{12, 97, 360, 1001, 2 * 3 * 5 * 7 * 11 * 13} {
		fmt.Println(n, factors(n))
	}
}
