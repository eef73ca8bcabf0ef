// A struct with a named field of type S next to an embedded S: only the embedded S
// promotes its fields (yaegi patch 116).
package main

import "fmt"

type S struct {
	A int
	B string
}

type T struct {
	Named S
	S
}

type P struct {
	First *S
	*S
}

type Deep struct {
	X T
	T
}

func main() {
	v := T{Named: S{1, "named"}, S: S{2, "embedded"}}
	fmt.Println(v.A, v.B, v.Named.A, v.S.A)
	v.A = 20
	v.B += "!"
	fmt.Println(v.Named, v.S)
	p := P{First: &S{3, "first"}, S: &S{4, "ptr"}}
	fmt.Println(p.A, p.B)
	p.A++
	fmt.Println(p.First.A, p.S.A)
	d := Deep{X: T{S: S{5, "x"}}, T: T{Named: S{6, "n"}, S: S{7, "s"}}}
	fmt.Println(d.A, d.B, d.Named.A, d.X.A)
	q := &v
	q.A = 99
	fmt.Println(v.A, v.Named.A)
}
