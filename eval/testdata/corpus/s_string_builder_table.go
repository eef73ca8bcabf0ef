package main

import (
	"fmt"
	"strings"
)

func main() {
	rows := [][]string{{"id", "name", "score"}, {"1", "ann", "93"}, {"2", "bartholomew", "8"}}
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len(c))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			fmt.Fprintf(&b, "| %-*s ", widths[i], c)
		}
		b.WriteString("|\n")
	}
	fmt.Print(b.String())
}
