package main

import (
	"fmt"
	"strings"
)

type Counter struct {
	name string
	n    int
}

func (c Counter) Value() string { return fmt.Sprintf("%s=%d", c.name, c.n) }
func (c *Counter) Inc()         { c.n++ }

type Op func(int, int) int

func (o Op) Apply(a, b int) int { return o(a, b) }

func main() {
	c := Counter{name: "c"}
	val := c.Value
	inc := c.Inc
	inc()
	inc()
	fmt.Println(val(), c.Value(), c.n)
	f := Counter.Value
	g := (*Counter).Inc
	g(&c)
	fmt.Println(f(c))
	cs := []Counter{{"a", 1}, {"b", 2}}
	var fns []func() string
	for _, x := range cs {
		fns = append(fns, x.Value)
	}
	cs[0].n = 100
	for _, fn := range fns {
		fmt.Print(fn(), " ")
	}
	fmt.Println()
	var incs []func()
	for i := range cs {
		incs = append(incs, cs[i].Inc)
	}
	for _, fn := range incs {
		fn()
	}
	fmt.Println(cs)
	add := Op(func(a, b int) int { return a + b })
	fmt.Println(add.Apply(2, 3), Op.Apply(add, 1, 1))
	up := strings.ToUpper
	fmt.Println(up("x"))
	var sb strings.Builder
	w := sb.WriteString
	w("a")
	w("b")
	fmt.Println(sb.String())
	type fnmap map[string]func(float64) float64
	ops := fnmap{"dbl": func(x float64) float64 { return 2 * x }, "sq": func(x float64) float64 { return x * x }}
	fmt.Println(ops["dbl"](1.5), ops["sq"](1.5))
	var iface interface{ Value() string } = c
	vv := iface.Value
	c.n = 999
	fmt.Println(vv())
	p := &c
	pv := p.Value
	c.n = 1
	fmt.Println(pv())
}
