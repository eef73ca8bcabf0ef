package main

import (
	"fmt"
	"slices"
	"strings"
)

func main() {
	data := []int{3, 7, 1, 5, 7, 2}
	top := slices.Max(data)
	for level := top; level > 0; level-- {
		var b strings.Builder
		for _, v := range data {
			if v >= level {
				b.WriteString("# ")
			} else {
				b.WriteString("  ")
			}
		}
		fmt.Println(strings.TrimRight(b.String(), " "))
	}
	fmt.Println(strings.Repeat("--", len(data)))
}
