package main

import (
	"fmt"
	"strconv"
)

// A multiple assignment storing values of concrete types into variables of interface
// types (yaegi patch 141), and the range loops that assign so.

type iface interface{ M() int }

type V int

func (v V) M() int { return int(v) * 10 }

type myErr struct{ code int }

func (e myErr) Error() string { return "code " + strconv.Itoa(e.code) }

func RangeSliceIface[T iface]() (k any, v iface) {
	for k, v = range []T{T(zero[T]())} {
	}
	return
}

func zero[T any]() (_ T) { return }

func main() {
	var k any
	var w iface
	a, b := 0, V(2)
	k, w = a, b
	fmt.Println(k, w, w.M())
	var e error
	var s fmt.Stringer
	n := 0
	n, e = 3, myErr{4}
	fmt.Println(n, e)
	k, e, w = "x", myErr{5}, V(6)
	fmt.Println(k, e.Error(), w.M())
	_ = s
	for i, x := range [...]V{7} {
		k, w = i, x
	}
	fmt.Println(k, w.M())
	var kk, vv any
	for kk, vv = range map[V]string{8: "eight"} {
	}
	fmt.Println(kk, vv)
	c := make(chan V, 1)
	c <- 9
	close(c)
	for w = range c {
	}
	fmt.Println(w.M())
	fmt.Println(RangeSliceIface[V]())
}
