// Functions as values: maps of operations, function types, higher-order functions.
package main

import (
	"fmt"
	"sort"
)

type Op func(a, b int) int

func apply(op Op, a, b int) int { return op(a, b) }

func compose(f, g func(int) int) func(int) int {
	return func(x int) int { return g(f(x)) }
}

func main() {
	ops := map[string]Op{
		"add": func(a, b int) int { return a + b },
		"sub": func(a, b int) int { return a - b },
		"mul": func(a, b int) int { return a * b },
	}
	names := make([]string, 0)
	for k := range ops {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Println(n, apply(ops[n], 6, 3))
	}
	inc := func(x int) int { return x + 1 }
	dbl := func(x int) int { return x * 2 }
	fmt.Println(compose(inc, dbl)(5), compose(dbl, inc)(5))
	var nothing func()
	fmt.Println(nothing == nil)
}
