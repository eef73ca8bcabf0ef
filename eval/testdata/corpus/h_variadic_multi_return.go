package main

import (
	"fmt"
	"strings"
)

func sum(nums ...int) int {
	t := 0
	for _, n := range nums {
		t += n
	}
	return t
}

func divmod(a, b int) (int, int) { return a / b, a % b }

func pair() (string, int) { return "x", 7 }

func show(s string, n int) string { return fmt.Sprintf("%s=%d", s, n) }

func joinAll(sep string, parts ...string) string { return strings.Join(parts, sep) }

func minMax(first int, rest ...int) (lo, hi int) {
	lo, hi = first, first
	for _, r := range rest {
		lo = min(lo, r)
		hi = max(hi, r)
	}
	return
}

func apply(fs ...func(int) int) func(int) int {
	return func(x int) int {
		for _, f := range fs {
			x = f(x)
		}
		return x
	}
}

func main() {
	fmt.Println(sum(), sum(1), sum(1, 2, 3))
	xs := []int{4, 5, 6}
	fmt.Println(sum(xs...), sum(xs[:1]...))
	fmt.Println(divmod(17, 5))
	fmt.Println(show(pair()))
	q, r := divmod(-17, 5)
	fmt.Println(q, r)
	fmt.Println(joinAll("-"), joinAll("-", "a"), joinAll("/", []string{"x", "y"}...))
	fmt.Println(minMax(5, 3, 9, -1))
	fmt.Println(minMax(2))
	double := func(x int) int { return x * 2 }
	inc := func(x int) int { return x + 1 }
	fmt.Println(apply(double, inc, double)(5), apply()(5))
	args := []any{"a", 1, true}
	fmt.Println(args...)
	fmt.Printf("%v-%v-%v\n", args...)
	s := append([]int{}, xs...)
	s = append(s, s...)
	fmt.Println(s, len(s))
	b := append([]byte("hi "), "there"...)
	fmt.Println(string(b))
	var nilArgs []int
	fmt.Println(sum(nilArgs...))
	f := fmt.Sprintf
	fmt.Println(f("%03d|%s", 7, "z"))
}
