// Closures that modify struct fields and slices they capture; a middleware chain.
package main

import (
	"fmt"
	"strings"
)

type Handler func(string) string

func logging(log *[]string) func(Handler) Handler {
	return func(next Handler) Handler {
		return func(s string) string {
			*log = append(*log, "in:"+s)
			out := next(s)
			*log = append(*log, "out:"+out)
			return out
		}
	}
}

func upper(next Handler) Handler {
	return func(s string) string { return next(strings.ToUpper(s)) }
}

type Stats struct {
	Calls int
	Total int
}

func main() {
	var log []string
	h := Handler(func(s string) string { return "<" + s + ">" })
	for _, mw := range []func(Handler) Handler{upper, logging(&log)} {
		h = mw(h)
	}
	fmt.Println(h("go"), log)
	st := Stats{}
	record := func(n int) {
		st.Calls++
		st.Total += n
	}
	for _, n := range []int{3, 4, 5} {
		record(n)
	}
	fmt.Printf("%+v\n", st)
}
