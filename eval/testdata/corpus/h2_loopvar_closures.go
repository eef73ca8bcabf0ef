package main

import (
	"fmt"
	"sync"
)

func main() {
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i * i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var ps []*int
	for i := range 3 {
		ps = append(ps, &i)
	}
	fmt.Println(*ps[0], *ps[1], *ps[2], ps[0] != ps[1])
	var gs []func() string
	for _, s := range []string{"a", "b", "c"} {
		gs = append(gs, func() string { return s })
	}
	for _, g := range gs {
		fmt.Print(g())
	}
	fmt.Println()
	// mutating the loop var inside the body affects the current iteration only
	var hs []func() int
	for i := 0; i < 6; i++ {
		hs = append(hs, func() int { return i })
		i++
	}
	for _, h := range hs {
		fmt.Print(h(), " ")
	}
	fmt.Println()
	// goroutines capture per-iteration
	var mu sync.Mutex
	var wg sync.WaitGroup
	seen := make([]int, 5)
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			seen[i] = i * 10
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(seen)
	// shared variable declared outside
	x := 0
	var inc []func()
	for j := 0; j < 3; j++ {
		inc = append(inc, func() { x += j })
	}
	for _, f := range inc {
		f()
	}
	fmt.Println(x)
	// closure counter generator
	gen := func() func() int {
		c := 0
		return func() int { c++; return c }
	}
	a, b := gen(), gen()
	a()
	a()
	fmt.Println(a(), b())
	// defer in loop captures per-iteration value
	func() {
		for i := 0; i < 3; i++ {
			defer func() { fmt.Print("d", i, " ") }()
		}
	}()
	fmt.Println()
}
