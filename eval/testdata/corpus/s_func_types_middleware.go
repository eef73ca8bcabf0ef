package main

import (
	"fmt"
	"strings"
)

type Handler func(string) string

func logging(prefix string, next Handler) Handler {
	return func(s string) string {
		return prefix + "(" + next(s) + ")"
	}
}

func chain(h Handler, mws ...func(Handler) Handler) Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

func main() {
	base := Handler(strings.ToUpper)
	h := chain(base,
		func(n Handler) Handler { return logging("a", n) },
		func(n Handler) Handler { return logging("b", n) },
	)
	fmt.Println(h("hi"))
}
