package main

import (
	"fmt"
	"strings"
	"sync"
)

type Handler interface{ Serve(req string) string }

type HandlerFunc func(string) string

func (f HandlerFunc) Serve(req string) string { return f(req) }

type Middleware func(Handler) Handler

func Chain(h Handler, ms ...Middleware) Handler {
	for i := len(ms) - 1; i >= 0; i-- {
		h = ms[i](h)
	}
	return h
}

func Logging(prefix string) Middleware {
	return func(next Handler) Handler {
		return HandlerFunc(func(req string) string {
			calls = append(calls, prefix+req)
			return next.Serve(req)
		})
	}
}

var upper Middleware = func(next Handler) Handler {
	return HandlerFunc(func(req string) string { return strings.ToUpper(next.Serve(req)) })
}

var calls []string

type Color int

const (
	Red Color = iota
	Green
	Blue
)

var colorNames = [...]string{Red: "red", Green: "green", Blue: "blue"}

func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return fmt.Sprintf("Color(%d)", int(c))
}

var grid [3][3]rune

func mark(r, c int, p rune) { grid[r][c] = p }

type SafeCounter struct {
	sync.Mutex
	m map[string]int
}

func (s *SafeCounter) Inc(k string) {
	s.Lock()
	defer s.Unlock()
	s.m[k]++
}

var counter = SafeCounter{m: map[string]int{}}
var done = make(chan struct{})

func main() {
	h := Chain(HandlerFunc(func(r string) string { return "hello " + r }), Logging("A:"), upper, Logging("B:"))
	fmt.Println(h.Serve("bob"), calls)
	var hs []Handler = []Handler{HandlerFunc(strings.TrimSpace), h}
	for _, x := range hs {
		fmt.Printf("%q\n", x.Serve("  x  "))
	}
	fmt.Println(Red, Blue, Color(7), []Color{Green, Red})
	fmt.Printf("%v %d %s|%5s|\n", Green, Green, Blue, Red)
	mark(1, 1, 'X')
	mark(0, 2, 'O')
	for _, row := range grid {
		for _, c := range row {
			if c == 0 {
				c = '.'
			}
			fmt.Print(string(c))
		}
		fmt.Println()
	}
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			counter.Inc([]string{"a", "b"}[i%2])
		}()
	}
	go func() { wg.Wait(); close(done) }()
	<-done
	fmt.Println(counter.m)
}
