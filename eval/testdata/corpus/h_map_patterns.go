package main

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

type Point struct{ X, Y int }

type Stats struct {
	Count int
	Sum   float64
}

func main() {
	m := map[string]Stats{}
	data := []struct {
		k string
		v float64
	}{{"a", 1}, {"b", 2}, {"a", 3}, {"c", 4}, {"a", 5}}
	for _, d := range data {
		s := m[d.k]
		s.Count++
		s.Sum += d.v
		m[d.k] = s
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Printf("%s: %+v avg=%.2f\n", k, m[k], m[k].Sum/float64(m[k].Count))
	}
	ptrs := map[string]*Stats{"x": {}}
	ptrs["x"].Count += 5
	fmt.Println(*ptrs["x"])
	grid := map[Point]rune{}
	for y, line := range strings.Split("ab\ncd", "\n") {
		for x, c := range line {
			grid[Point{x, y}] = c
		}
	}
	fmt.Println(string(grid[Point{1, 1}]), len(grid), grid[Point{5, 5}] == 0)
	delete(grid, Point{0, 0})
	delete(grid, Point{9, 9})
	fmt.Println(len(grid))
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
	fmt.Println(nested)
	var nilm map[string]int
	fmt.Println(nilm["q"], len(nilm))
	for k, v := range nilm {
		fmt.Println(k, v)
	}
	inv := map[int][]string{}
	for k, s := range m {
		inv[s.Count] = append(inv[s.Count], k)
	}
	keys := make([]int, 0)
	for k := range inv {
		keys = append(keys, k)
		sort.Strings(inv[k])
	}
	sort.Ints(keys)
	for _, k := range keys {
		fmt.Println(k, inv[k])
	}
	c := maps.Clone(m)
	delete(c, "a")
	fmt.Println(len(m), len(c), maps.EqualFunc(m, c, func(a, b Stats) bool { return a == b }))
	fmt.Println(map[string]int{"b": 1, "a": 2}, map[int]bool{3: true, -1: false})
	clear(m)
	fmt.Println(len(m), m)
}
