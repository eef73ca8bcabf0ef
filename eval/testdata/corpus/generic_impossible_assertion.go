package main

import (
	"fmt"
	"runtime"
)

// In a generic function, an assertion to a type parameter is allowed for every type
// argument; where it cannot hold, it fails when it runs (Go's test
// fixedbugs/issue65962.go).

type I interface {
	f()
	g()
}

type B bool

func (B) f() {}
func (B) g() {}

func as[T any](x I) (T, bool) {
	v, ok := x.(T)
	return v, ok
}

func mustBe[T any](x I) (r string) {
	defer func() {
		if e := recover(); e != nil {
			_, isRuntime := e.(runtime.Error)
			r = fmt.Sprint("panic, a runtime.Error: ", isRuntime)
		}
	}()
	_ = x.(T)
	return "ok"
}

func main() {
	var x I = B(true)
	fmt.Println(as[bool](x))
	fmt.Println(as[B](x))
	fmt.Println(as[int](nil))
	fmt.Println(mustBe[B](x))
	fmt.Println(mustBe[string](x))
}
