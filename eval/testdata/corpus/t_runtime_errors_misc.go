// Division by zero, nil map writes and failed type assertions are runtime errors.
package main

import (
	"fmt"
	"runtime"
)

func check(name string, f func()) {
	defer func() {
		r := recover()
		if e, ok := r.(runtime.Error); ok {
			fmt.Printf("%s: runtime.Error: %v\n", name, e)
		} else {
			fmt.Printf("%s: %v\n", name, r)
		}
	}()
	f()
}

func main() {
	zero := 0
	check("div", func() { fmt.Println(10 / zero) })
	check("mod", func() { fmt.Println(10 % zero) })
	var m map[string]int
	check("nilmap", func() { m["a"] = 1 })
	var v any = "text"
	check("assert", func() { fmt.Println(v.(int)) })
	check("custom", func() { panic(fmt.Sprintf("bad value %d", 3)) })
	var f func()
	check("nilfunc", func() { f() })
}
