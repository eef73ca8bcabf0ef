package main

import "fmt"

type Counter struct{ n int }

func (c Counter) Value() int { return c.n }
func (c *Counter) Inc()      { c.n++ }

type Valuer interface{ Value() int }
type Incer interface{ Inc() }

func main() {
	c := Counter{}
	c.Inc()
	var v Valuer = c
	var pv Valuer = &c
	var i Incer = &c
	i.Inc()
	fmt.Println(c.Value(), v.Value(), pv.Value())
	_, ok := v.(Incer)
	_, ok2 := pv.(Incer)
	fmt.Println(ok, ok2)
}
