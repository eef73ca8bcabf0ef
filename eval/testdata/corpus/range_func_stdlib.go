// Range over the iterators of the standard library: maps.Keys, slices.Values, slices.All.
package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	keys := slices.Sorted(maps.Keys(m))
	fmt.Println(keys)
	sum := 0
	for v := range maps.Values(m) {
		sum += v
	}
	fmt.Println("sum", sum)
	for i, v := range slices.All([]string{"p", "q"}) {
		fmt.Println(i, v)
	}
	for v := range slices.Values([]int{7, 8}) {
		fmt.Println(v)
	}
	fmt.Println(slices.Collect(maps.Values(map[int]int{1: 10})))
	for i, v := range slices.Backward([]int{1, 2, 3}) {
		fmt.Print(i, ":", v, " ")
	}
	fmt.Println()
}
