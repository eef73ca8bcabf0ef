package main

import "fmt"

// A failed assertion between two types of one name, declared in different scopes:
// the runtime's message says so.

var X interface{}

type T struct{}

func try(name string, f func()) {
	defer func() {
		r := recover()
		if err, ok := r.(error); ok {
			fmt.Println(name+":", err.Error())
			return
		}
		fmt.Println(name+":", r)
	}()
	f()
}

func F1() {
	type T struct{}
	X = T{}
}

func F2() {
	type T struct{}
	_ = X.(T)
}

func F3() {
	_ = X.(T)
}

type U struct{}

func main() {
	F1()
	try("F2", F2)
	try("F3", F3)
	X = T{}
	try("F2 again", F2)
	X = U{}
	try("other name", F3)
	X = nil
	try("nil", F3)
}
