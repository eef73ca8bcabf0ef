package main

import (
	"errors"
	"fmt"
)

type T struct{ name string }

func (t T) Error() string {
	fmt.Println("T.Error", t.name, "recovered:", recover())
	return t.name
}

type P struct{ n int }

func (p *P) Error() string {
	p.n++
	fmt.Println("(*P).Error", p.n, "recovered:", recover())
	return "p"
}

type G[V any] struct{ v V }

func (g G[V]) Error() string {
	fmt.Println("G.Error", g.v, "recovered:", recover())
	return "g"
}

type Loud struct{}

func (Loud) Error() string { panic("from Error") }

func value() {
	var e error = T{"value"}
	defer e.Error()
	panic("boom")
}

func pointer() {
	p := &P{}
	var e error = p
	defer e.Error()
	defer e.Error()
	panic(errors.New("an error value"))
}

func generic() {
	var e error = G[int]{7}
	defer e.Error()
	var a []int
	_ = a[3]
}

func noPanic() {
	var e error = T{"calm"}
	defer e.Error()
	fmt.Println("noPanic returns")
}

func replaced() {
	defer func() { fmt.Println("replaced, recovered:", recover()) }()
	var e error = Loud{}
	defer e.Error()
	panic("first")
}

func compiled() {
	defer func() { fmt.Println("compiled error, recovered:", recover()) }()
	e := errors.New("plain")
	defer e.Error()
	panic("not stopped by a compiled Error")
}

func main() {
	value()
	pointer()
	generic()
	noPanic()
	replaced()
	compiled()
	fmt.Println("done")
}
