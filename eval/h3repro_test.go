package eval

import "testing"

func TestH3Repro(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	var fs []func() int
	for _, k := range []string{"a", "b", "c"} {
		v, ok := m[k]
		if ok {
			fs = append(fs, func() int { return v })
		}
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var gs []func() string
	for _, x := range []any{"x", "y"} {
		s, ok := x.(string)
		if ok {
			gs = append(gs, func() string { return s })
		}
	}
	for _, g := range gs {
		fmt.Print(g(), " ")
	}
	fmt.Println()
	ch := make(chan int, 3)
	ch <- 7
	ch <- 8
	var hs []*int
	for i := 0; i < 2; i++ {
		v, ok := <-ch
		if ok {
			hs = append(hs, &v)
		}
	}
	fmt.Println(*hs[0], *hs[1])
	var ps []*int
	for _, k := range []string{"a", "b"} {
		if v, ok := m[k]; ok {
			ps = append(ps, &v)
		}
	}
	fmt.Println(*ps[0], *ps[1])
	var qs []func() int
	for i := 0; i < 3; i++ {
		if d := i * 10; d >= 0 {
			qs = append(qs, func() int { return d })
		}
		switch e := i + 100; {
		case e > 0:
			qs = append(qs, func() int { return e })
		}
	}
	for _, q := range qs {
		fmt.Print(q(), " ")
	}
	fmt.Println()
}`
	t.Log("\n" + yaegiStdout(t, src))
}
