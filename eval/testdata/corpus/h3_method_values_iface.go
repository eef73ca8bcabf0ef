package main

import (
	"fmt"
	"strings"
)

type C struct{ n int }

func (c C) Get() int { return c.n }
func (c *C) Inc()    { c.n++ }

type Named interface{ Name() string }
type P struct{ s string }

func (p P) Name() string { return p.s }

func main() {
	get := (*C).Get
	c := &C{4}
	(*C).Inc(c)
	fmt.Println(get(c))
	var getters []func() string
	for _, n := range []Named{P{"a"}, P{"b"}} {
		getters = append(getters, n.Name)
	}
	for _, g := range getters {
		fmt.Print(g())
	}
	fmt.Println()
	up := strings.ToUpper
	fs := []func(string) string{up, strings.TrimSpace, func(s string) string { return s + "!" }}
	r := " hi "
	for _, f := range fs {
		r = f(r)
	}
	fmt.Println(r)
	nm := Named.Name
	fmt.Println(nm(P{"z"}))
	type pair struct {
		f func() int
	}
	cs := []*C{{1}, {2}}
	var ps []pair
	for _, cc := range cs {
		ps = append(ps, pair{cc.Get})
	}
	cs[0].Inc()
	fmt.Println(ps[0].f(), ps[1].f())
}
