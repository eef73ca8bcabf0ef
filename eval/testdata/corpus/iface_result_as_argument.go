package main

import "fmt"

// The result of a call, of an interface type, passed straight to a function taking
// that interface, then asserted to its concrete type (yaegi patch 134).

type S struct{ n int }

func (s S) M() byte { return byte(s.n) }

type J interface{ M() byte }

type I[T any] interface{ M() T }

func idJ(j J) J { return j }

func mk(n int) J { return S{n} }

func concrete(x J) {
	s, ok := x.(S)
	fmt.Println("concrete:", s, ok, x.M())
}

func swtch(x J) {
	switch v := x.(type) {
	case S:
		fmt.Println("switch: S", v.n)
	default:
		fmt.Println("switch: other")
	}
}

func F[T, A any](x I[T]) {
	_, ok := x.(A)
	fmt.Println("generic:", ok)
}

func main() {
	concrete(mk(1))
	concrete(idJ(S{2}))
	swtch(mk(3))
	F[byte, S](I[byte](S{4}))
	F[byte, S](func(v I[byte]) I[byte] { return v }(S{5}))
	F[byte, string](I[byte](S{6}))
	fmt.Println(mk(7) == J(S{7}), idJ(mk(8)).(S).n)
}
