package main

import "fmt"

// A composite literal assigned to a variable of an interface type that exists already
// is converted to the interface, whatever the destination (a local, a named result, a
// package variable, a field, an element, through a pointer) and wherever the assignment
// is (a closure, a deferred call, a loop). The range-over-func loops that return one
// are in smith_rangefunc_return_composite.

type S struct{ F int }

func (s S) M() string { return fmt.Sprint("S", s.F) }

type A [2]int

func (a A) M() string { return fmt.Sprint("A", a[0]+a[1]) }

type L []int

func (l L) M() string { return fmt.Sprint("L", len(l)) }

type I interface{ M() string }

func deferred() (r I) {
	defer func() { r = S{1} }()
	return nil
}

func named() (r I, n int) {
	r = L{1, 2, 3}
	n = 3
	return
}

func recovered() (r any) {
	defer func() {
		recover()
		r = [2]string{"a", "b"}
	}()
	panic("x")
}

func pair() (r, q I) {
	r, q = S{8}, A{9, 10}
	return
}

var g I

func setGlobal() { g = S{12} }

func main() {
	var r I
	r = S{F: 6}
	fmt.Println(r.M(), r)
	r = A{1, 2}
	fmt.Println(r.M(), r)
	r = L{3}
	fmt.Println(r.M(), r)
	r = S{F: len(r.(L)) + 1}
	fmt.Println(r.M())
	func() { r = S{F: 20} }()
	fmt.Println(r.M())

	fmt.Println(deferred().M())
	l, k := named()
	fmt.Println(l.M(), k)
	fmt.Println(recovered())
	p, q := pair()
	fmt.Println(p.M(), q.M())
	setGlobal()
	fmt.Println(g.M())

	var t struct{ V I }
	t.V = S{13}
	fmt.Println(t.V.M())
	pg := &g
	*pg = A{14, 15}
	fmt.Println(g.M())
	is := []I{nil}
	is[0] = S{16}
	fmt.Println(is[0].M())
	m := map[int]I{}
	m[1] = L{1, 2}
	fmt.Println(m[1].M())
	for i := 0; i < 3; i++ {
		r = S{i}
	}
	fmt.Println(r.M())
	var a any
	a = struct{}{}
	fmt.Println(a)
	a = [2]int{4, 5}
	fmt.Println(a)
	if s, ok := r.(S); ok {
		fmt.Println("S", s.F)
	}
}
