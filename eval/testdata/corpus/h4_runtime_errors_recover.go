package main

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
)

type node struct {
	val  int
	next *node
}

func (n *node) Val() int { return n.val }

func try(name string, f func()) {
	defer func() {
		r := recover()
		if err, ok := r.(runtime.Error); ok {
			fmt.Printf("%s: runtime error? true: %v\n", name, err)
			return
		}
		if err, ok := r.(error); ok {
			fmt.Printf("%s: error: %v\n", name, err)
			return
		}
		fmt.Printf("%s: %v (%T)\n", name, r, r)
	}()
	f()
}

func main() {
	s := []int{1, 2, 3}
	i := 5
	try("index", func() { _ = s[i] })
	try("neg", func() { j := -1; _ = s[j+0] })
	try("slice", func() { _ = s[1:i] })
	try("slice3", func() { lo := 3; _ = s[lo:2] })
	try("str", func() { str := "abc"; _ = str[i] })
	try("strslice", func() { str := "abc"; _ = str[:i] })
	try("nilmap", func() { var m map[string]int; m["a"] = 1 })
	try("div", func() { z := 0; _ = 10 / z })
	try("mod", func() { z := 0; _ = 10 % z })
	try("nilptr", func() { var p *node; _ = p.val })
	try("nilmeth", func() { var p *node; _ = p.Val() })
	try("assert", func() { var x any = "str"; _ = x.(int) })
	try("assert2", func() { var x any; _ = x.(string) })
	try("custom", func() { panic(errors.New("custom failure")) })
	try("value", func() { panic(42) })
	try("fmt", func() { panic(fmt.Sprintf("bad %d", 7)) })
	try("atoi", func() {
		_, err := strconv.Atoi("12a")
		panic(err)
	})
	try("closed", func() { c := make(chan int); close(c); close(c) })
	try("sendclosed", func() { c := make(chan int, 1); close(c); c <- 1 })
	try("arr", func() { var a [4]int; k := 4; a[k%8] = 1 })
	try("conv", func() { sl := []int{1, 2}; _ = [3]int(sl) })
	try("makeneg", func() { n := -1; _ = make([]int, n) })
	try("nilfunc", func() { var f func(); f() })
	try("repanic", func() {
		defer func() {
			r := recover()
			panic(fmt.Sprint("again: ", r))
		}()
		panic("first")
	})
	fmt.Println("done")
}
