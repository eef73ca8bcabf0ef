// Iterating a map in sorted key order, and word counting.
package main

import (
	"fmt"
	"sort"
	"strings"
)

func main() {
	text := "the quick brown fox jumps over the lazy dog the end"
	freq := map[string]int{}
	for _, w := range strings.Fields(text) {
		freq[w]++
	}
	keys := make([]string, 0, len(freq))
	for k := range freq {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-6s %d\n", k, freq[k])
	}
	type kv struct {
		K string
		V int
	}
	var list []kv
	for k, v := range freq {
		list = append(list, kv{k, v})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].V != list[j].V {
			return list[i].V > list[j].V
		}
		return list[i].K < list[j].K
	})
	fmt.Println(list[:3])
}
