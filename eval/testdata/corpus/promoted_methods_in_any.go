package main

import "fmt"

// A struct whose methods are all promoted from an embedded field, held in an any,
// asserted to an interface it implements (yaegi patch 130).

type B struct{ val string }

func (b *B) get() string { return "get " + b.val }
func (b B) get2() string { return "get2 " + b.val }

type getter interface{ get() string }
type getter2 interface{ get2() string }

type A struct{ B }
type P struct{ *B }
type D struct{ A }
type N A
type I struct{ getter2 }

type G[T any] struct{ val T }

func (g *G[T]) get() string { return fmt.Sprint("G ", g.val) }

type H[T any] struct{ G[T] }

func check(name string, x any) {
	if g, ok := x.(getter); ok {
		fmt.Println(name, "getter:", g.get())
	} else {
		fmt.Println(name, "not a getter")
	}
	if g, ok := x.(getter2); ok {
		fmt.Println(name, "getter2:", g.get2())
	} else {
		fmt.Println(name, "not a getter2")
	}
}

func viaGeneric[T any](x any) T {
	return x.(interface{ get() T }).get()
}

func main() {
	b := B{"b"}
	a := A{B{"a"}}
	p := P{&B{"p"}}
	d := D{A{B{"d"}}}
	n := N{B{"n"}}
	i := I{B{"i"}}
	h := H[int]{G[int]{7}}
	check("*B", &b)
	check("*A", &a)
	check("P", p)
	check("*D", &d)
	check("*N", &n)
	check("I", i)
	check("*H", &h)
	for _, x := range []any{a, &a, p, d, n} {
		_, ok := x.(getter2)
		fmt.Println("in a slice:", ok)
	}
	m := map[string]any{"d": &d}
	_, ok := m["d"].(getter)
	fmt.Println("in a map:", ok)
	fmt.Println(viaGeneric[string](&a))
	fmt.Println(viaGeneric[string](&h.G) == "G 7")
}
