// Package variables are initialised in dependency order, then init functions run.
package main

import "fmt"

var (
	a = b + 1
	b = f()
	c = "c"
)

var registry = map[string]int{}

func f() int {
	fmt.Println("f called, c =", c)
	return 10
}

func init() {
	registry["first"] = 1
	fmt.Println("init 1", a, b)
}

func init() {
	registry["second"] = 2
	fmt.Println("init 2")
}

func main() {
	fmt.Println("main", a, b, registry)
}
