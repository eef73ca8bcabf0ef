package main

import (
	"fmt"
	"strings"
)

type Acc struct {
	n   int
	log []string
	fn  func(int) int
}

func (a *Acc) Bump() int { a.n++; return a.n }

func pair() (int, string)         { return 7, "seven" }
func show(n int, s string) string { return fmt.Sprint(n, "=", s) }

func order(tag string, v int, trace *[]string) int {
	*trace = append(*trace, tag)
	return v
}

func split(s string) (head, tail string, ok bool) {
	if i := strings.IndexByte(s, ','); i >= 0 {
		head, tail := s[:i], s[i+1:]
		return head, tail, true
	}
	return s, "", false
}

func main() {
	s := []rune("racecar!")
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
	fmt.Println(string(s))
	a := &Acc{fn: func(x int) int { return x * 3 }}
	a.n += 5
	a.n *= 2
	p := &a.n
	*p -= 1
	*p++
	fmt.Println(a.n, a.fn(a.n))
	fmt.Println(a.Bump(), a.Bump())
	arr := [3]int{1, 2, 3}
	pa := &arr
	pa[1]++
	pa[2] *= 10
	fmt.Println(arr)
	ms := map[string]*Acc{"x": {n: 1}}
	ms["x"].n++
	ms["x"].log = append(ms["x"].log, "hit")
	fmt.Println(ms["x"].n, ms["x"].log)
	type pt struct{ X, Y int }
	pts := []pt{{1, 2}, {3, 4}}
	pts[0].X, pts[1].Y = pts[1].Y, pts[0].X
	fmt.Println(pts)
	fmt.Println(show(pair()))
	var trace []string
	vals := []int{order("a", 1, &trace), order("b", 2, &trace)}
	mp := map[int]int{order("k", 3, &trace): order("v", 4, &trace)}
	st := pt{X: order("x", 5, &trace), Y: order("y", 6, &trace)}
	fmt.Println(vals, mp, st, trace)
	fmt.Println(split("k,v"))
	fmt.Println(split("novalue"))
	x, err := func() (int, error) { return 42, nil }()
	fmt.Println(x, err)
	if n := len(s); n > 100 {
		fmt.Println("big")
	} else if m := n * 2; m > 10 {
		fmt.Println("medium", n, m)
	}
	var fs []func() string
	for _, w := range strings.Fields("one two") {
		defer func() { fmt.Println("deferred", w) }()
		fs = append(fs, func() string { return w })
	}
	fmt.Println(fs[0](), fs[1]())
	done := make(chan int)
	go func(f func() int) { done <- f() }(a.Bump)
	got := <-done
	fmt.Println(got, a.n)
	type kv struct{ k, v string }
	byK := map[string]kv{"a": {"a", "1"}}
	if e, ok := byK["a"]; ok {
		e.v = "changed"
		fmt.Println(e, byK["a"])
	}
	e, ok := byK["zz"]
	fmt.Printf("%q %v\n", e, ok)
}
