package main

import (
	"fmt"
	"reflect"
)

// Structs with several blank fields (padding, as in Go's tests fixedbugs/bug442.go and
// fixedbugs/issue21048.go).

type T struct {
	_  [1]byte
	a  [2]byte
	_  [3]byte
	b  uint16
	_  int
	X_ int
}

type P struct {
	_, _ int
	n    string
	_    struct{ _, _ byte }
}

func main() {
	t := T{a: [2]byte{1, 2}, b: 3, X_: 4}
	fmt.Println(t)
	fmt.Printf("%+v\n", t)
	u := t
	u.b = 5
	fmt.Println(t == u, t == t, u.a, u.X_)

	p := P{n: "p"}
	fmt.Printf("%v %+v\n", p, p)
	m := map[P]int{p: 1}
	m[P{n: "p"}]++
	fmt.Println(m[p], len(m))

	rt := reflect.TypeOf(t)
	fmt.Println(rt.NumField(), rt.Field(1).Name, rt.Field(5).Name)
	for i := 0; i < rt.NumField(); i++ {
		fmt.Print(rt.Field(i).Name, " ")
	}
	fmt.Println()

	s := struct {
		_ int
		v int
		_ bool
	}{v: 7}
	fmt.Printf("%+v %v\n", s, s.v)
}
