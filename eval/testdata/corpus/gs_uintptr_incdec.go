package main

import "fmt"

func main() {
	var a uintptr
	a++
	a++
	a--
	p := new(uintptr)
	*p++
	*p++
	arr := [2]uintptr{}
	arr[1]++
	m := map[string]uintptr{}
	m["k"]++
	m["k"]++
	m["k"]--
	var z uintptr
	z--
	fmt.Println(a, *p, arr, m, z)
}
