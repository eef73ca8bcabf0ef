package main

import (
	"fmt"
	"slices"
	"strings"
)

func main() {
	s := "  hello   world  from go "
	words := strings.Fields(s)
	slices.Reverse(words)
	fmt.Printf("%q\n", strings.Join(words, " "))
	title := make([]string, len(words))
	for i, w := range words {
		title[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	fmt.Println(title)
}
