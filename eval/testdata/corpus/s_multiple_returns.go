package main

import (
	"fmt"
	"strconv"
)

func divmod(a, b int) (q, r int) {
	q = a / b
	r = a % b
	return
}

func parse(s string) (n int, ok bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil
}

func minMax(xs ...int) (int, int) {
	lo, hi := xs[0], xs[0]
	for _, x := range xs[1:] {
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}

func main() {
	fmt.Println(divmod(17, 5))
	q, _ := divmod(9, 2)
	fmt.Println(q)
	fmt.Println(parse("42"))
	fmt.Println(parse("x"))
	fmt.Println(minMax(4, -2, 9, 0))
}
