package main

import (
	"errors"
	"fmt"
	"runtime"
)

type T struct{ v int }

func (t *T) Get() int { return t.v }

func try(name string, f func()) {
	defer func() {
		r := recover()
		if err, ok := r.(error); ok {
			var re runtime.Error
			fmt.Printf("%s: %v (runtime.Error=%v)\n", name, err, errors.As(err, &re))
			return
		}
		fmt.Printf("%s: %v\n", name, r)
	}()
	f()
}

func main() {
	s := []int{1, 2, 3}
	i := 5
	try("index", func() { _ = s[i] })
	try("slice", func() { _ = s[1:i] })
	try("nilmap", func() {
		var m map[string]int
		m["a"] = 1
	})
	try("div", func() {
		z := 0
		fmt.Println(10 / z)
	})
	try("nilptr", func() {
		var t *T
		fmt.Println(t.Get())
	})
	try("assert", func() {
		var x any = "str"
		fmt.Println(x.(int))
	})
	try("closed", func() {
		c := make(chan int)
		close(c)
		close(c)
	})
	try("custom", func() { panic(fmt.Sprintf("bad value %d", 42)) })
	try("error", func() { panic(errors.New("boom")) })
	try("neg", func() {
		n := -1
		_ = make([]int, n)
	})
	fmt.Println("done")
}
