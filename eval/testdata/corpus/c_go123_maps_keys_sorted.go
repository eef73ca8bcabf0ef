package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

type Inventory map[string]int

func main() {
	inv := Inventory{"pear": 3, "apple": 10, "fig": 0, "kiwi": 7}
	keys := slices.Sorted(maps.Keys(inv))
	fmt.Println(keys)
	vals := slices.Sorted(maps.Values(inv))
	fmt.Println(vals)
	for _, k := range slices.Backward(keys) {
		fmt.Print(k, "=", inv[k], " ")
	}
	fmt.Println()
	restock := maps.Clone(inv)
	maps.DeleteFunc(restock, func(k string, v int) bool { return v > 5 })
	fmt.Println(slices.Sorted(maps.Keys(restock)))
	words := strings.Fields("b a c a b a")
	counts := map[string]int{}
	for _, w := range words {
		counts[w]++
	}
	byCount := slices.SortedFunc(maps.Keys(counts), func(a, b string) int { return counts[b] - counts[a] })
	fmt.Println(byCount)
	m2 := maps.Collect(slices.All([]string{"zero", "one", "two"}))
	fmt.Println(m2[1], len(m2))
	merged := map[string]int{"x": 1}
	maps.Insert(merged, maps.All(map[string]int{"y": 2}))
	fmt.Println(merged)
	fmt.Println(maps.Equal(inv, maps.Clone(inv)), slices.Collect(slices.Chunk([]int{1, 2, 3, 4, 5}, 2)))
	idx := slices.IndexFunc(keys, func(s string) bool { return strings.HasPrefix(s, "k") })
	fmt.Println(idx, slices.Contains(keys, "fig"), slices.Repeat([]string{"-"}, 3))
}
