package main

import (
	"fmt"
	"strings"
)

type Key struct {
	A string
	B []int
}

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (s Sq) Area() float64 { return s.S * s.S }

type Poly struct{ Pts []int }

func (p Poly) Area() float64 { return 0 }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: %v\n", name, r)
			if e, ok := r.(error); ok {
				fmt.Println("  error text ok:", strings.HasPrefix(e.Error(), "runtime error"))
			}
		}
	}()
	f()
	fmt.Println(name, "no panic")
}

func main() {
	try("uncomparable", func() {
		var a, b any = []int{1}, []int{1}
		fmt.Println(a == b)
	})
	try("unhashable", func() {
		m := map[any]int{}
		m[[]int{1}] = 1
	})
	try("unhashable struct", func() {
		m := map[any]int{}
		m[Key{"a", nil}] = 1
	})
	try("iface struct compare", func() {
		var x, y Shape = Poly{}, Poly{}
		fmt.Println(x == y)
	})
	try("iface ok compare", func() {
		var x, y Shape = Sq{1}, Sq{1}
		fmt.Println(x == y, x != Shape(Sq{2}))
	})
	try("neg shift", func() {
		s := -1
		fmt.Println(1 << s)
	})
	try("array index", func() {
		var arr [3]int
		i := 3
		arr[i] = 1
	})
	try("string slice", func() {
		s := "hello"
		i, j := 3, 10
		fmt.Println(s[i:j])
	})
	try("slice low>high", func() {
		s := []int{1, 2, 3}
		i, j := 2, 1
		fmt.Println(s[i:j])
	})
	try("nil func", func() {
		var f func()
		f()
	})
	try("nil map read ok", func() {
		var m map[string]int
		fmt.Println(m["x"], len(m))
	})
	try("assert concrete", func() {
		var s Shape = Sq{1}
		_ = s.(Poly)
	})
	try("chan nil close", func() {
		var c chan int
		close(c)
	})
	try("make chan neg", func() {
		n := -1
		_ = make(chan int, n)
	})
	try("append nil ok", func() {
		var s []Key
		s = append(s, Key{})
		fmt.Println(len(s))
	})
	var x uint8 = 200
	var y int8 = int8(x)
	f := 3.99
	big := 1e20
	var u32 uint32 = 1<<32 - 1
	fmt.Println(y, int(f), int(-f), u32+1, big > 0, string(rune(9731)))
}
