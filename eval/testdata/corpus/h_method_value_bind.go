package main

import "fmt"

type Counter struct {
	name string
	n    int
}

func (c Counter) Show() string { return fmt.Sprintf("%s=%d", c.name, c.n) }
func (c *Counter) Inc()        { c.n++ }

func main() {
	c := Counter{name: "a"}
	show := c.Show
	inc := c.Inc
	inc()
	inc()
	fmt.Println(show(), c.Show())
	c.n = 10
	fmt.Println(show(), c.Show())

	showExpr := Counter.Show
	incExpr := (*Counter).Inc
	incExpr(&c)
	fmt.Println(showExpr(c))

	fns := []func() string{}
	for _, cc := range []Counter{{"x", 1}, {"y", 2}} {
		fns = append(fns, cc.Show)
	}
	for _, f := range fns {
		fmt.Println(f())
	}
	p := &c
	sh := p.Show
	p.n = 42
	fmt.Println(sh(), p.Show())
	var ops = map[string]func(*Counter){"inc": (*Counter).Inc}
	ops["inc"](p)
	fmt.Println(c.n)
}
