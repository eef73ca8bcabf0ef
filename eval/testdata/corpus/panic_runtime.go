// Runtime panics recovered and printed: nil map, division by zero, type assertion.
package main

import "fmt"

func try(name string, f func()) {
	defer func() {
		r := recover()
		fmt.Printf("%s: %v\n", name, r)
	}()
	f()
}

func main() {
	try("nil map", func() {
		var m map[string]int
		m["a"] = 1
	})
	try("divide", func() {
		a, b := 1, 0
		fmt.Println(a / b)
	})
	try("assert", func() {
		var i any = "str"
		_ = i.(int)
	})
	try("custom", func() { panic(fmt.Sprintf("bad %d", 42)) })
	try("none", func() {})
	try("error value", func() { panic(fmt.Errorf("wrapped: %w", fmt.Errorf("inner"))) })
}
