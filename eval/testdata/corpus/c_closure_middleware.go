package main

import (
	"fmt"
	"strings"
)

type Handler func(req string) string

type Middleware func(Handler) Handler

func Logging(log *[]string) Middleware {
	return func(next Handler) Handler {
		return func(req string) string {
			*log = append(*log, "in:"+req)
			resp := next(req)
			*log = append(*log, "out:"+resp)
			return resp
		}
	}
}

func Prefix(p string) Middleware {
	return func(next Handler) Handler {
		return func(req string) string { return p + next(req) }
	}
}

func Chain(h Handler, ms ...Middleware) Handler {
	for i := len(ms) - 1; i >= 0; i-- {
		h = ms[i](h)
	}
	return h
}

func main() {
	var log []string
	h := Chain(strings.ToUpper, Logging(&log), Prefix("["), Prefix("v1:"))
	fmt.Println(h("hello"))
	fmt.Println(h("go"))
	fmt.Println(strings.Join(log, " | "))
	counter := func() func() int {
		c := 0
		return func() int { c++; return c }
	}
	a, b := counter(), counter()
	a()
	a()
	fmt.Println(a(), b())
}
