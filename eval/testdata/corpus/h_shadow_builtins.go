package main

import (
	"fmt"
	"strings"
)

func max(xs ...int) (int, int) {
	best, idx := xs[0], 0
	for i, x := range xs {
		if x > best {
			best, idx = x, i
		}
	}
	return best, idx
}

func min(a, b string) string {
	if len(a) <= len(b) {
		return a
	}
	return b
}

func clear(s string) string { return strings.TrimSpace(s) }

type list []int

func (l list) len() int { return len(l) * 10 }

func main() {
	v, i := max(3, 9, 4)
	fmt.Println(v, i)
	fmt.Println(min("apple", "fig"), min("kiwi", "plum"))
	fmt.Println(clear("  x  "))
	len := 3
	fmt.Println(len)
	copy := "shadowed copy"
	fmt.Println(copy)
	l := list{1, 2}
	fmt.Println(l.len())
	{
		new := func(n int) *int { return &n }
		p := new(5)
		fmt.Println(*p)
	}
	true := false
	fmt.Println(true, !true)
	type int = string
	var s int = "int is a string here"
	fmt.Println(s)
	var append = func(xs []float64, x float64) []float64 { return xs }
	fmt.Println(append([]float64{1}, 2))
}
