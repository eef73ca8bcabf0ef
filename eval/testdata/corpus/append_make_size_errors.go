package main

import "fmt"

type T struct{}

const maxInt = int(^uint(0) >> 1)

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isErr := r.(error)
		fmt.Printf("%s: %v (error %v)\n", name, r, isErr)
	}()
	f()
}

func main() {
	s := make([]T, maxInt)
	try("append one", func() { s = append(s, T{}) })
	one := make([]T, 1)
	try("append slice", func() { s = append(s, one...) })
	n := -1
	try("make negative", func() { _ = make([]int, n) })
	big := maxInt
	try("make huge", func() { _ = make([]int, big) })
	try("make cap", func() { _ = make([]int, 2, n+2) })
	try("make chan", func() { _ = make(chan int, n) })
}
