// A printed local variable whose address the function takes somewhere (a method with a
// pointer receiver called on it or taken as a value, &v or &v.f, a slice of it) lives in
// memory, and gc reads it when the call is made, after the calls of the other arguments;
// one whose address is never taken gc copies where it stands (random program seed 15083:
// `fmt.Printf("%#v %+v", v, func() int32 { v.F8 += v.GM10(1); ... }())`, GM10 a method
// of a generic type with a pointer receiver, printed the value before the change, Go
// prints it after). Generic and non-generic types, nested fields, embedded methods.

package main

import "fmt"

type G[T ~int] struct {
	F7 T
	F8 T
}

func (v *G[T]) M(n int) T { return v.F8 + T(n) }

type In struct{ A, B int }

func (i *In) Inc() int { i.A++; return i.A }

type Out[T any] struct {
	In
	X T
}

type Wrap struct {
	I In
	K int
}

type PE struct {
	*In
	K int
}

func (v G[T]) V(n int) T { return v.F8 + T(n) }

type S struct {
	F7 int
	F8 int
}

func (v *S) M(n int) int { return v.F8 + n }

func mk() (int, G[int], S) { return 1, G[int]{2, 3}, S{2, 3} }

func use(p *In) {}

func main() {
	_, v, s := mk()
	fmt.Printf("1 %#v %+v\n", v, func() int32 { v.F8 += v.M(1); return 1 }())
	fmt.Printf("2 %#v %+v\n", s, func() int32 { s.F8 += s.M(1); return 1 }())
	w := G[int]{1, 2}
	fmt.Printf("3 %v %v\n", w, func() int32 { w.F8 += 10; return 1 }())
	w2 := G[int]{1, 2}
	fmt.Printf("4 %v %v\n", w2, func() int32 { w2.F8 += w2.V(10); return 1 }())
	s2 := S{1, 2}
	fmt.Printf("5 %v %v\n", s2, func() int32 { s2.F8 += 10; return 1 }())
	w3 := G[int]{1, 2}
	p := &w3
	fmt.Println("6", w3, func() int32 { p.F8 += 10; return 1 }())
	w4 := G[int]{1, 2}
	fmt.Println("7", w4.F8, w4, func() int32 { w4.F8 += 10; return 1 }())
	w5 := G[int]{1, 2}
	m := w5.M
	fmt.Println("8", w5, func() int32 { w5.F8 += 10; return 1 }(), m(0))
	main2()
}

func main2() {
	a := Out[int]{In{1, 2}, 3}
	fmt.Println("a", a, func() int { a.Inc(); return 0 }())
	b := Wrap{In{1, 2}, 3}
	fmt.Println("b", b, func() int { b.I.Inc(); return 0 }())
	c := Wrap{In{1, 2}, 3}
	fmt.Println("c", c, func() int { c.K++; return 0 }())
	use(&c.I)
	d := [1]G[int]{{1, 2}}
	fmt.Println("d", d, func() int { d[0].F8++; return 0 }())
	_ = d[:]
	e := PE{&In{1, 2}, 3}
	fmt.Println("e", e.K, e.In.A, func() int { e.Inc(); e.K++; return 0 }())
	f := G[int]{1, 2}
	fmt.Println("f", f, func() int { f.F8++; return 0 }())
	g := func() { _ = f.M(0) }
	_ = g
	h := G[int]{1, 2}
	fmt.Printf("h %v %v %v\n", h, func() int { h.F8++; return 0 }(), func() int { q := &h; q.F7++; return 0 }())
	i := Out[G[int]]{In{1, 2}, G[int]{3, 4}}
	fmt.Println("i", i.X, func() int { i.X.F8 += i.X.M(0); return 0 }())
	j := G[int]{1, 2}
	fmt.Println("j", j, func() int { j.F8++; return 0 }())
	mv := (*G[int]).M
	_ = mv
}
