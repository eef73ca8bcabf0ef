package main

import (
	"fmt"
	"os"
	"strings"
)

var (
	a = b + 1
	b = f()
	c = initOrder("c")
)

var order []string

func initOrder(s string) string {
	order = append(order, s)
	return s
}

func f() int {
	order = append(order, "f")
	return 41
}

func init() {
	order = append(order, "init1")
}

func init() {
	order = append(order, "init2")
}

type Registry map[string]func() string

var reg = Registry{}

func init() {
	reg["hello"] = func() string { return "world" }
}

func main() {
	fmt.Println(a, b, c)
	fmt.Println(strings.Join(order, ","))
	fmt.Println(reg["hello"](), len(os.Args) > 0)
	defer fmt.Println("deferred")
	if len(reg) == 1 {
		fmt.Println("exiting")
		return
	}
	fmt.Println("unreached")
}
