package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	votes := []string{"go", "rust", "go", "zig", "go", "rust"}
	tally := make(map[string]int)
	for _, v := range votes {
		tally[v]++
	}
	winner, best := "", 0
	for _, lang := range slices.Sorted(maps.Keys(tally)) {
		if tally[lang] > best {
			winner, best = lang, tally[lang]
		}
	}
	fmt.Println(winner, best, tally)
	delete(tally, "zig")
	delete(tally, "missing")
	fmt.Println(len(tally))
}
