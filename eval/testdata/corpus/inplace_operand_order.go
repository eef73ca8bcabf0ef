package main

import "fmt"

// gc evaluates a statement's calls in their lexical order and most other operands
// after them, but it computes a few operations in their place among the calls, as it
// does a call: a slice expression, a conversion of a string to []byte or []rune, a
// type assertion to a non-pointer type, a built-in's call (len). So `g[2:] + f()`
// with f assigning g concatenates the old g's bytes.

var g = "abcdefg"
var s = []int{1, 2, 3, 4}
var x any = 5
var n = 2
var q = []int{1, 2}

func f() string {
	g = "héllo"
	s = []int{9, 9, 9, 9}
	x = 6
	n = 3
	q = append(q, 3)
	return "!"
}

func fi() int { f(); return 0 }

func reset() { g = "abcdefg"; s = []int{1, 2, 3, 4}; x = 5; n = 2; q = []int{1, 2} }

type S struct{ a, b string }

func two() (string, string) { reset(); return g[n:], f() }

func ix(i, n int) int { return i % n }

func try(name string, fn func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panic:", r)
		}
	}()
	fn()
}

func main() {
	reset()
	fmt.Println(g[2:] + f())
	reset()
	fmt.Println(g[n:], f())
	reset()
	fmt.Println(s[1:n], f())
	reset()
	fmt.Println(S{g[:n], f()})
	reset()
	a, b := g[n:], f()
	fmt.Println(a, b)
	reset()
	var c, d string
	c, d = g[n:], f()
	fmt.Println(c, d)
	fmt.Println(two())
	reset()
	fmt.Println(x.(int)+fi(), x.(int))
	reset()
	fmt.Println([]rune(g), f())
	reset()
	fmt.Println([]byte(g), f())
	reset()
	fmt.Println(string([]rune(g)[1:]), f())
	reset()
	e := append(s[1:n], fi())
	fmt.Println(e)
	reset()
	m := map[string]string{}
	m[g[1:]] = f()
	fmt.Println(m)
	reset()
	ss := []string{"", "", "", ""}
	ss[len(g[n:])-4] = f()
	ss[len(q)] = f()
	fmt.Println(ss)
	reset()
	g = "\xbd\xef\xbf\xbd\x03ab"
	fmt.Printf("%q\n", "\t\n"+g[ix(10, len(g)+1):]+func() string {
		g = "héllo"
		return "-9"
	}())
	var empty []int
	try("index, slice", func() {
		h, i := empty[0], g[50:]
		fmt.Println(h, i)
	})
}
