package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	names := []string{"ann", "bob", "cy"}
	lengths := map[string]int{}
	for i, n := range slices.All(names) {
		lengths[n] = len(n) + i*0
	}
	m := maps.Collect(maps.All(lengths))
	fmt.Println(len(m), m["bob"])
	extra := map[string]int{"dee": 3}
	maps.Insert(m, maps.All(extra))
	fmt.Println(slices.Sorted(maps.Keys(m)))
	for i, v := range slices.Backward([]int{1, 2, 3}) {
		fmt.Print(i, ":", v, " ")
	}
	fmt.Println()
	idx := slices.IndexFunc(names, func(s string) bool { return len(s) == 2 })
	fmt.Println(idx, slices.Collect(slices.Values(names[:2])))
}
