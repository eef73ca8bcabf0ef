package main

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

func main() {
	text := `It was the best of times, it was the worst of times,
it was the age of wisdom, it was the age of foolishness`
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r)
	})
	counts := map[string]int{}
	for _, w := range words {
		counts[w]++
	}
	type wc struct {
		w string
		n int
	}
	var list []wc
	for w, n := range counts {
		list = append(list, wc{w, n})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].n != list[j].n {
			return list[i].n > list[j].n
		}
		return list[i].w < list[j].w
	})
	for _, e := range list[:5] {
		fmt.Printf("%-8s %d\n", e.w, e.n)
	}
}
