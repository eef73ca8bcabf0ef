// Method values bind their receiver when they are evaluated.
package main

import "fmt"

type Counter struct{ n int }

func (c *Counter) Inc()    { c.n++ }
func (c Counter) Get() int { return c.n }

type Greeter struct{ name string }

func (g Greeter) Hello() string { return "hello " + g.name }

func main() {
	c := &Counter{}
	inc := c.Inc
	inc()
	inc()
	fmt.Println(c.n)
	get := c.Get
	c.Inc()
	fmt.Println(get(), c.Get())
	g := Greeter{"ann"}
	h := g.Hello
	g.name = "bob"
	fmt.Println(h(), g.Hello())
	fs := map[string]func(){"inc": c.Inc}
	fs["inc"]()
	fmt.Println(c.n)
}
