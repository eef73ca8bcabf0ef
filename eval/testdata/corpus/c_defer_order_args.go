package main

import "fmt"

type Resource struct{ name string }

func Open(name string) *Resource {
	fmt.Println("open", name)
	return &Resource{name}
}

func (r *Resource) Close() { fmt.Println("close", r.name) }

func trace(msg string) func() {
	fmt.Println("enter", msg)
	return func() { fmt.Println("exit", msg) }
}

func work() {
	defer trace("work")()
	a := Open("a")
	defer a.Close()
	b := Open("b")
	defer b.Close()
	x := 1
	defer fmt.Println("deferred x =", x)
	defer func() { fmt.Println("closure x =", x) }()
	x = 2
	for i := range 3 {
		defer fmt.Print("loop ", i, "\n")
	}
	fmt.Println("working, x =", x)
}

func main() {
	work()
	r := &Resource{"first"}
	defer r.Close()
	r = &Resource{"second"}
	fmt.Println("main ends")
}
