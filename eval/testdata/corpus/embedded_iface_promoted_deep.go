package main

import "fmt"

// A method promoted from an embedded interface field two or more levels down, in plain
// and generic types (yaegi patch 144).

type A2 interface{ m2(int) }

type Imp struct{ f int }

func (a *Imp) m2(s int) { a.f = s; fmt.Println("m2", s) }

type B1 struct {
	filler int
	A2
}

type C struct {
	x int
	B1
}

type D struct {
	y, z int
	*C
}

type GA[T any] interface{ m(T) }

type GImp[T any] struct{ v T }

func (g *GImp[T]) m(v T) { g.v = v; fmt.Println("m", v) }

type GB[T any] struct {
	filler int
	GA[T]
}

type GC[T any] struct {
	a, b int
	GB[T]
}

func test[T any](arg T) {
	var c GC[T]
	c.GB.GA = &GImp[T]{}
	c.m(arg)
	mv := c.m
	mv(arg)
}

func main() {
	var c C
	c.B1.A2 = &Imp{}
	c.m2(3)
	d := D{C: &c}
	d.m2(4)
	f := d.m2
	f(5)
	test(6)
	test("seven")
	defer func() { fmt.Println("recovered:", recover()) }()
	var e C
	e.m2(8)
}
