// Value and pointer receivers: which values satisfy an interface, mutation through methods.
package main

import "fmt"

type Incr interface{ Inc() }

type C struct{ n int }

func (c *C) Inc()      { c.n++ }
func (c C) Value() int { return c.n }

type V struct{ n int }

func (v V) Inc() { v.n++ }

func bump(i Incr, times int) {
	for range times {
		i.Inc()
	}
}

func main() {
	c := C{}
	bump(&c, 3)
	fmt.Println(c.Value(), c.n)
	c.Inc()
	fmt.Println(c.n)
	v := V{}
	bump(v, 2)
	bump(&v, 2)
	fmt.Println(v.n)
	cs := []C{{1}, {2}}
	for i := range cs {
		cs[i].Inc()
	}
	fmt.Println(cs)
	m := map[string]*C{"a": {5}}
	m["a"].Inc()
	fmt.Println(m["a"].n)
}
