package main

import (
	"bytes"
	"fmt"
	"strings"
)

func main() {
	text := "alpha beta\ngamma\n\ndelta epsilon zeta\n"
	for line := range strings.Lines(text) {
		fmt.Printf("%q\n", line)
	}
	for part := range strings.SplitSeq("a,b,,c", ",") {
		fmt.Printf("[%s]", part)
	}
	fmt.Println()
	n := 0
	for w := range strings.FieldsSeq("  one two   three ") {
		n++
		fmt.Println(n, w)
	}
	for w := range strings.FieldsFuncSeq("a1b22c333", func(r rune) bool { return r >= '0' && r <= '9' }) {
		fmt.Print(w, " ")
	}
	fmt.Println()
	for l := range bytes.Lines([]byte("x\ny\n")) {
		fmt.Printf("%q ", l)
	}
	fmt.Println()
	for p := range bytes.SplitSeq([]byte("1-2-3"), []byte("-")) {
		fmt.Print(string(p), ";")
	}
	fmt.Println()
}
