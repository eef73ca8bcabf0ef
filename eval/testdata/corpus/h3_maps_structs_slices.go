package main

import (
	"fmt"
	"sort"
	"strings"
)

type Stats struct {
	Count int
	Total float64
	Tags  []string
}

type Key struct {
	Dept string
	Year int
}

func main() {
	m := map[string]Stats{}
	for _, rec := range []struct {
		name string
		v    float64
	}{{"a", 1.5}, {"b", 2}, {"a", 3}} {
		s := m[rec.name]
		s.Count++
		s.Total += rec.v
		s.Tags = append(s.Tags, fmt.Sprint(rec.v))
		m[rec.name] = s
	}
	fmt.Println(m["a"], m["b"], m["zzz"].Count, m["zzz"].Tags == nil)

	pm := map[string]*Stats{"x": {}}
	pm["x"].Count += 5
	pm["x"].Tags = append(pm["x"].Tags, "t")
	fmt.Println(*pm["x"])

	groups := map[int][]string{}
	for _, w := range strings.Fields("go rust c zig java lua") {
		groups[len(w)] = append(groups[len(w)], w)
	}
	keys := make([]int, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		fmt.Println(k, groups[k])
	}
	g := groups[2]
	g[0] = "GO"
	fmt.Println(groups[2])

	byKey := map[Key]int{}
	byKey[Key{"eng", 2024}]++
	byKey[Key{"eng", 2024}] += 2
	byKey[Key{"ops", 2023}]--
	fmt.Println(len(byKey), byKey[Key{"eng", 2024}], byKey[Key{"ops", 2023}])

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
	fmt.Println(nested, len(nested["nope"]))

	counts := map[rune]int{}
	for _, r := range "mississippi" {
		counts[r]++
	}
	fmt.Println(counts)
	delete(counts, 's')
	delete(counts, 'q')
	v, ok := counts['s']
	fmt.Println(len(counts), v, ok)
	arrKey := map[[2]int]string{{0, 1}: "a", {1, 0}: "b"}
	fmt.Println(arrKey[[2]int{1, 0}], arrKey)
}
