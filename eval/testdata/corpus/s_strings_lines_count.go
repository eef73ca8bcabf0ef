package main

import (
	"fmt"
	"strings"
)

func main() {
	poem := "roses are red\nviolets are blue\ngo is fast\nand so are you\n"
	lines, words, chars := 0, 0, 0
	longest := ""
	for line := range strings.Lines(poem) {
		lines++
		for range strings.FieldsSeq(line) {
			words++
		}
		chars += len(line)
		if l := strings.TrimRight(line, "\n"); len(l) > len(longest) {
			longest = l
		}
	}
	fmt.Println(lines, words, chars, longest)
}
