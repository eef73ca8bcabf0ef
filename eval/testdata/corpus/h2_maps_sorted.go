package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

func main() {
	text := "the cat and the hat and the bat sat on the mat"
	freq := map[string]int{}
	for _, w := range strings.Fields(text) {
		freq[w]++
	}
	keys := slices.Sorted(maps.Keys(freq))
	fmt.Println(keys)
	for _, k := range keys {
		fmt.Printf("%s=%d ", k, freq[k])
	}
	fmt.Println()
	byCount := slices.SortedFunc(maps.Keys(freq), func(a, b string) int {
		if freq[a] != freq[b] {
			return freq[b] - freq[a]
		}
		return strings.Compare(a, b)
	})
	fmt.Println(byCount[:3])
	vals := slices.Sorted(maps.Values(freq))
	fmt.Println(vals)
	cp := maps.Clone(freq)
	delete(cp, "the")
	fmt.Println(len(freq), len(cp), maps.Equal(freq, cp))
	maps.DeleteFunc(cp, func(k string, v int) bool { return v == 1 })
	fmt.Println(cp)
	inv := maps.Collect(func(yield func(int, string) bool) {
		for _, k := range keys {
			if !yield(freq[k], k) {
				return
			}
		}
	})
	fmt.Println(inv)
	dst := map[string]int{"zzz": 9}
	maps.Copy(dst, cp)
	fmt.Println(dst)
	ins := map[int]bool{}
	maps.Insert(ins, maps.All(map[int]bool{1: true, 2: false}))
	fmt.Println(ins, len(ins))
	nested := map[string]map[string]int{}
	add := func(a, b string) {
		if nested[a] == nil {
			nested[a] = map[string]int{}
		}
		nested[a][b]++
	}
	add("x", "y")
	add("x", "y")
	add("x", "z")
	add("w", "y")
	fmt.Println(nested, nested["q"]["r"])
	type key struct{ a, b int }
	grid := map[key]string{{1, 2}: "a", {0, 0}: "o"}
	grid[key{1, 2}] += "!"
	fmt.Println(grid)
	var nilmap map[string]int
	fmt.Println(nilmap["x"], len(nilmap), nilmap == nil)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		nilmap["x"] = 1
	}()
}
