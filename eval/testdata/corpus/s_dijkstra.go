package main

import (
	"fmt"
	"math"
	"sort"
)

type Edge struct {
	To   string
	Cost int
}

func shortest(g map[string][]Edge, src string) map[string]int {
	dist := map[string]int{src: 0}
	done := map[string]bool{}
	for {
		best, bestD := "", math.MaxInt
		for n, d := range dist {
			if !done[n] && (d < bestD || d == bestD && n < best) {
				best, bestD = n, d
			}
		}
		if best == "" {
			return dist
		}
		done[best] = true
		for _, e := range g[best] {
			if nd := bestD + e.Cost; func() bool { d, ok := dist[e.To]; return !ok || nd < d }() {
				dist[e.To] = nd
			}
		}
	}
}

func main() {
	g := map[string][]Edge{
		"A": {{"B", 4}, {"C", 2}},
		"B": {{"D", 5}},
		"C": {{"B", 1}, {"D", 8}},
		"D": {},
	}
	d := shortest(g, "A")
	keys := make([]string, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(k, d[k])
	}
}
