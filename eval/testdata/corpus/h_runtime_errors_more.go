package main

import (
	"fmt"
	"runtime"
)

type Grid [3][3]int

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRT := r.(runtime.Error)
		fmt.Printf("%-8s %v (%v)\n", name, r, isRT)
	}()
	f()
}

func main() {
	var arr [3]int
	i := 5
	s := "héllo"
	var g Grid
	var ch chan int
	closed := make(chan int, 1)
	close(closed)
	var fn func(int) int
	var m map[string][]int
	var i8, z8 int8 = -128, 0
	var u uint = 0
	try("array", func() { arr[i] = 1 })
	try("grid", func() { g[1][i] = 2 })
	try("string", func() { _ = s[i+1] })
	try("strslice", func() { _ = s[2 : i+5] })
	try("neg", func() { j := -1; _ = arr[j+0] })
	try("closenil", func() { close(ch) })
	try("sendclosed", func() { closed <- 1 })
	try("nilfunc", func() { fn(1) })
	try("mapslice", func() { m["a"] = append(m["a"], 1) })
	try("div8", func() { fmt.Println(i8 / z8) })
	try("mod", func() { fmt.Println(7 % int(u)) })
	try("minint", func() { fmt.Println(i8/-1, i8%-1) })
	try("fdiv", func() { f := 0.0; fmt.Println(1/f, -1/f) })
	try("conv", func() { sl := []int{1, 2}; _ = [3]int(sl) })
	try("slice3", func() { sl := make([]int, 2, 4); _ = sl[1:3:i] })
	try("ok", func() { fmt.Println(arr[2], len(s), cap(closed)) })
}
