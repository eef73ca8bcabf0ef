package main

import (
	"errors"
	"fmt"
	"runtime"
)

type Node struct {
	Val  int
	Next *Node
}

func (n *Node) Value() int { return n.Val }

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRT := r.(runtime.Error)
		var re runtime.Error
		asErr, _ := r.(error)
		fmt.Printf("%s: %v (runtime.Error=%v as=%v)\n", name, r, isRT, errors.As(asErr, &re))
	}()
	f()
}

func main() {
	s := []int{1, 2, 3}
	i := 5
	try("index", func() { _ = s[i] })
	try("neg index", func() { j := -1; _ = s[j+0*i] })
	try("slice", func() { _ = s[1:i] })
	try("slice3", func() { lo := 2; _ = s[lo : 1 : i-2] })
	try("string index", func() { str := "abc"; _ = str[i] })
	var m map[string]int
	try("nil map", func() { m["a"] = 1 })
	var n *Node
	try("nil deref", func() { fmt.Println(n.Val) })
	try("nil method", func() { fmt.Println(n.Value()) })
	z := 0
	try("div", func() { fmt.Println(10 / z) })
	try("mod", func() { fmt.Println(10 % z) })
	ch := make(chan int)
	close(ch)
	try("close closed", func() { close(ch) })
	try("send closed", func() { ch <- 1 })
	var a any = "str"
	try("assert", func() { _ = a.(int) })
	try("assert iface", func() { _ = a.(fmt.Stringer) })
	var e any
	try("assert nil", func() { _ = e.(string) })
	neg := -1
	try("make neg", func() { _ = make([]int, neg) })
	try("arr conv", func() { _ = [4]int(s) })
	try("custom", func() { panic(fmt.Sprintf("bad %d", 3)) })
	try("err", func() { panic(errors.New("boom")) })
}
