package main

import (
	"fmt"
	"strconv"
)

type Counter struct {
	name string
	n    int
}

func (c *Counter) Inc()           { c.n++ }
func (c *Counter) String() string { return c.name + "=" + strconv.Itoa(c.n) }

type Label struct{ text string }

func (l Label) String() string { return "<" + l.text + ">" }

type Box struct {
	L Label
	C *Counter
	V Counter
}

func main() {
	c := Counter{name: "hits"}
	c.Inc()
	c.Inc()
	fmt.Println(&c)
	fmt.Println(c)
	fmt.Printf("%v %+v\n", c, &c)
	l := Label{"tag"}
	fmt.Println(l, &l)
	b := Box{l, &c, c}
	fmt.Printf("%v\n", b)
	fmt.Printf("%+v\n", b)
	var s fmt.Stringer = &c
	c.Inc()
	fmt.Println(s)
	var s2 fmt.Stringer = l
	l.text = "changed"
	fmt.Println(s2, l)
	_, ok := any(c).(fmt.Stringer)
	_, okp := any(&c).(fmt.Stringer)
	fmt.Println(ok, okp)
}
