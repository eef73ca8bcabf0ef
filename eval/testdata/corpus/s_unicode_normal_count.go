package main

import (
	"fmt"
	"sort"
	"strings"
)

func main() {
	text := "Mississippi river"
	freq := map[rune]int{}
	for _, r := range strings.ToLower(text) {
		if r != ' ' {
			freq[r]++
		}
	}
	var keys []rune
	for r := range freq {
		keys = append(keys, r)
	}
	sort.Slice(keys, func(i, j int) bool {
		if freq[keys[i]] != freq[keys[j]] {
			return freq[keys[i]] > freq[keys[j]]
		}
		return keys[i] < keys[j]
	})
	for _, r := range keys {
		fmt.Printf("%c=%d ", r, freq[r])
	}
	fmt.Println()
}
