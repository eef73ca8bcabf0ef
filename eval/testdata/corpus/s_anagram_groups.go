package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

func key(w string) string {
	b := []byte(w)
	slices.Sort(b)
	return string(b)
}

func main() {
	words := []string{"listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"}
	groups := map[string][]string{}
	for _, w := range words {
		k := key(w)
		groups[k] = append(groups[k], w)
	}
	var keys []string
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(strings.Join(groups[k], ","))
	}
}
