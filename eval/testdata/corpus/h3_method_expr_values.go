package main

import (
	"fmt"
	"strings"
)

type Counter struct {
	name string
	n    int
}

func (c Counter) Get() int       { return c.n }
func (c *Counter) Inc()          { c.n++ }
func (c Counter) Label() string  { return c.name + "=" + fmt.Sprint(c.n) }
func (c *Counter) Add(k int) int { c.n += k; return c.n }

type Op func(int, int) int

func (o Op) Twice(a, b int) int { return o(o(a, b), b) }

func main() {
	c := Counter{name: "c"}
	get := c.Get
	inc := c.Inc
	inc()
	inc()
	fmt.Println(get(), c.Get(), c.n)

	label := Counter.Label
	fmt.Println(label(c))
	incE := (*Counter).Inc
	incE(&c)
	fmt.Println(c.Label())

	add := (*Counter).Add
	fmt.Println(add(&c, 10), c.n)

	cs := []Counter{{name: "a"}, {name: "b"}}
	var incs []func()
	for i := range cs {
		incs = append(incs, cs[i].Inc)
	}
	for _, f := range incs {
		f()
		f()
	}
	fmt.Println(cs[0].Label(), cs[1].Label())

	var labels []func() string
	for _, cc := range cs {
		labels = append(labels, cc.Label)
	}
	cs[0].n = 99
	for _, l := range labels {
		fmt.Print(l(), " ")
	}
	fmt.Println()

	plus := Op(func(a, b int) int { return a + b })
	fmt.Println(plus.Twice(1, 5), Op.Twice(plus, 2, 3))
	tw := plus.Twice
	fmt.Println(tw(0, 7))

	up := strings.ToUpper
	rep := strings.NewReplacer("a", "4", "e", "3").Replace
	fmt.Println(up(rep("peerbook rate")))
	fs := map[string]func(string) string{"upper": strings.ToUpper, "title": strings.ToLower}
	fmt.Println(fs["upper"]("x"), fs["title"]("Y"))
}
