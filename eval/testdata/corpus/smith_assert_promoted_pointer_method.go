package main

import "fmt"

// A type assertion to a struct type whose method comes from an embedded pointer
// (struct{ *T } with func (*T) M()): the method is in the method set of the struct
// itself, so the assertion compiles and succeeds, at any depth of embedding (gosmith
// seeds 13464, 18097: "impossible type assertion ... method has a pointer receiver").
// An embedded value's pointer method is not promoted to the value: gc refuses that
// assertion, and so does the interpreter (TestAssertPromotedPointerMethod).

type T struct{ N int }

func (t *T) M() string { return fmt.Sprint("T", t.N) }

type U struct{ *T }

type S struct {
	F int
	U
}

type W struct{ T }

type X struct{ *W }

type I interface{ M() string }

type J interface {
	M() string
	String() string
}

type Y struct {
	*T
	name string
}

func (y Y) String() string { return "Y" + y.name }

func main() {
	var i I = S{1, U{&T{2}}}
	s, ok := i.(S)
	fmt.Println(s.F, s.M(), ok)
	_, ok = i.(X)
	fmt.Println(ok)
	i = X{&W{T{3}}}
	x, ok := i.(X)
	fmt.Println(x.M(), ok)
	_, ok = i.(S)
	fmt.Println(ok)
	fmt.Println(i.(X).N)
	switch v := i.(type) {
	case S:
		fmt.Println("S", v.F)
	case X:
		fmt.Println("X", v.N)
	}
	var j J = Y{&T{4}, "y"}
	if y, ok := j.(Y); ok {
		fmt.Println(y.M(), y.String(), y.name)
	}
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(i.(S).F)
}
