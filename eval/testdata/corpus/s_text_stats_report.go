package main

import (
	"fmt"
	"sort"
	"strings"
)

func main() {
	text := `Go was designed at Google in 2007.
It is syntactically similar to C.
Go is often referred to as Golang.`
	sentences := 0
	wordLens := map[int]int{}
	for line := range strings.Lines(text) {
		sentences += strings.Count(line, ".")
		for _, w := range strings.Fields(line) {
			w = strings.Trim(w, ".,")
			wordLens[len(w)]++
		}
	}
	var lens []int
	for l := range wordLens {
		lens = append(lens, l)
	}
	sort.Ints(lens)
	fmt.Println("sentences:", sentences)
	for _, l := range lens {
		fmt.Printf("%2d letters: %d\n", l, wordLens[l])
	}
}
