package main

import "fmt"

type pair struct{ l, r string }

type counter struct{ n int }

func g() {}

// Named results returned in another order.
func swap() (a, b int) {
	a, b = 1, 2
	g()
	return b, a
}

func rotate() (x, y, z string) {
	x, y, z = "x", "y", "z"
	return y, z, x
}

// A result computed by a builtin while a later operand reads the result it would land in.
func grow() (n int, s []int, err error) {
	n, s = 3, []int{1}
	return len(s), append(s, n), err
}

// A later operand reads a field of a result that an earlier operand replaces.
func reset() (c counter, before int) {
	c.n = 1
	return counter{n: 5}, c.n
}

func (p pair) flip() (l, r string) {
	l, r = p.l, p.r
	return r, l
}

func boxed() (a, b any) {
	a, b = 1, "two"
	return b, a
}

func main() {
	fmt.Println(swap())
	fmt.Println(rotate())
	fmt.Println(grow())
	fmt.Println(pair{"left", "right"}.flip())
	fmt.Println(boxed())
	fmt.Println(reset())
	lit := func() (p, q float64) {
		p, q = 0.5, 1.5
		return q * 2, p
	}
	fmt.Println(lit())
}
