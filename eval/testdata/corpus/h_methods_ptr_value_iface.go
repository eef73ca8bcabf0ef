package main

import (
	"fmt"
	"sort"
)

type Counter struct{ n int }

func (c *Counter) Inc()    { c.n++ }
func (c Counter) Get() int { return c.n }
func (c Counter) IncCopy() { c.n++ }

type Incrementer interface{ Inc() }
type Getter interface{ Get() int }

type Temp struct{ C float64 }

func (t *Temp) String() string { return fmt.Sprintf("%.1fC", t.C) }

func incAll(xs []Incrementer) {
	for _, x := range xs {
		x.Inc()
	}
}

func main() {
	c := Counter{}
	c.Inc()
	c.IncCopy()
	(&c).IncCopy()
	fmt.Println(c.Get())
	var inc Incrementer = &c
	inc.Inc()
	var g Getter = c
	c.Inc()
	fmt.Println(c.n, g.Get(), inc.(Getter).Get())
	cs := []Counter{{1}, {2}}
	for i := range cs {
		cs[i].Inc()
	}
	for _, x := range cs {
		x.Inc()
	}
	fmt.Println(cs)
	list := []Incrementer{&cs[0], &cs[1], &c}
	incAll(list)
	fmt.Println(cs, c.n)
	t := Temp{21.5}
	fmt.Println(t, &t)
	fmt.Printf("%v %s\n", t, &t)
	temps := []*Temp{{3}, {1}, {2}}
	sort.Slice(temps, func(i, j int) bool { return temps[i].C < temps[j].C })
	fmt.Println(temps)
	m := map[string]*Counter{"a": {}}
	m["a"].Inc()
	m["a"].Inc()
	fmt.Println(m["a"].Get())
	var gs []Getter
	for _, v := range []int{5, 6} {
		gs = append(gs, Counter{v})
	}
	total := 0
	for _, gg := range gs {
		total += gg.Get()
	}
	fmt.Println(total)
	f := c.Get
	c.Inc()
	fmt.Println(f(), c.Get())
	h := (&c).Inc
	h()
	fmt.Println(c.n)
}
