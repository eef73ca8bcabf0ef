package main

import "fmt"

// In a generic function, an assertion that an instance makes impossible (x.(T) with T
// a string where x's interface has methods) compiles and fails when it runs, as Go does
// (yaegi patch 133).

type S struct{}

func (S) M() byte { return 0 }
func (S) m3()     {}

type I[T any] interface{ M() T }

type SomeInterface interface{ Whatever() }

func F[T, A any](x I[T]) {
	switch x.(type) {
	case A:
		fmt.Println("switch: match")
	default:
		fmt.Println("switch: no match")
	}
	_, ok := x.(A)
	fmt.Println("comma ok:", ok)
	defer func() {
		fmt.Println("recovered:", recover() != nil)
	}()
	_ = x.(A)
	fmt.Println("no panic")
}

func X[T any]() T {
	var m T
	if _, ok := any(m).(SomeInterface); ok {
		var dst SomeInterface
		_, _ = dst.(T)
		return dst.(T)
	}
	return m
}

func f[B any](b B) {
	if b1, ok := any(b).(interface{ m1() }); ok {
		_ = b1.(B)
		fmt.Println("m1")
	}
	if b3, ok := any(b).(interface{ m3() }); ok {
		_, same := b3.(B)
		fmt.Println("m3", same)
	}
}

func main() {
	F[byte, string](S{})
	F[byte, S](S{})
	fmt.Println(X[S]())
	f(S{})
}
