// Counting characters and words, with sorted output by count then key.
package main

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

func main() {
	text := "It was the best of times, it was the worst of times."
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r)
	})
	counts := map[string]int{}
	for _, w := range words {
		counts[w]++
	}
	type wc struct {
		w string
		c int
	}
	var list []wc
	for w, c := range counts {
		list = append(list, wc{w, c})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].c != list[j].c {
			return list[i].c > list[j].c
		}
		return list[i].w < list[j].w
	})
	for _, e := range list[:4] {
		fmt.Printf("%-6s %d\n", e.w, e.c)
	}
	fmt.Println(len(words), len(counts))
	fmt.Println(counts)
}
