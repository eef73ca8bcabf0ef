package main

import (
	"fmt"
	"runtime"
)

// A failed assertion to a type parameter's type names the operand's static interface
// type, as the runtime does (yaegi patch 146).

type T int

type I interface{ M() int }

type S struct{}

func (S) M() int { return 1 }

func F[U any]() (res string) {
	defer func() { res = recover().(runtime.Error).Error() }()
	_ = interface{ T() U }(nil).(U)
	return
}

func G[U any](x I) (res string) {
	defer func() { res = recover().(runtime.Error).Error() }()
	_ = x.(U)
	return
}

func H[U any](x interface {
	N(string) bool
	M() int
}) (res string) {
	defer func() { res = recover().(runtime.Error).Error() }()
	_ = x.(U)
	return
}

func main() {
	fmt.Println(F[T]())
	fmt.Println(G[T](nil))
	fmt.Println(G[T](S{}))
	fmt.Println(H[T](nil))
}
