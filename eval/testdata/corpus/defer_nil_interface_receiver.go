package main

import "fmt"

type Closer interface{ Close() }

type T struct{ n int }

func (t T) Close() { fmt.Println("closed", t.n) }

type S struct{ Closer }

var fail bool

func deferNil() {
	var x Closer
	defer x.Close()
	fail = true
}

func deferEmbedded() {
	var s S
	defer s.Close()
	fail = true
}

func goNil() {
	var x Closer
	go x.Close()
	fail = true
}

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover(), fail); fail = false }()
	f()
}

func main() {
	try("defer", deferNil)
	try("embedded", deferEmbedded)
	try("go", goNil)
	var y Closer = T{1}
	defer y.Close()
	y = T{2}
	s := S{T{3}}
	defer s.Close()
	s.Closer = nil
}
