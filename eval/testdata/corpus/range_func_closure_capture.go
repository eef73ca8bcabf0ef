// Closures created in a range-over-func body capture that iteration's values;
// the body can modify variables of the enclosing function.
package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	var fs []func() string
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fs = append(fs, func() string { return k })
	}
	total := 0
	var last string
	for k, v := range maps.All(m) {
		total += v
		if k > last {
			last = k
		}
	}
	for _, f := range fs {
		fmt.Print(f())
	}
	fmt.Println(" total", total, "last", last)
	var gs []func() int
	for v := range slices.Values([]int{10, 20}) {
		gs = append(gs, func() int { return v })
	}
	fmt.Println(gs[0](), gs[1]())
}
