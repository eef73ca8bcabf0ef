package main

import (
	"fmt"
	"strings"
)

func main() {
	text := "The quick brown fox jumps over the lazy dog"
	counts := map[rune]int{}
	for _, r := range strings.ToLower(text) {
		if strings.ContainsRune("aeiou", r) {
			counts[r]++
		}
	}
	for _, v := range "aeiou" {
		fmt.Printf("%c:%d ", v, counts[v])
	}
	fmt.Println()
}
