package main

import (
	"bytes"
	"fmt"
	"strings"
)

const config = `# settings
host = example.org
port = 8080

debug = true
`

func main() {
	settings := map[string]string{}
	var order []string
	for line := range strings.Lines(config) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, _ := strings.Cut(line, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		settings[k] = v
		order = append(order, k)
	}
	for _, k := range order {
		fmt.Printf("%s => %q\n", k, settings[k])
	}
	n := 0
	for l := range strings.Lines("a\nb\nc") {
		n++
		fmt.Printf("%q ", l)
	}
	fmt.Println(n)
	for part := range strings.SplitSeq("a,b,,c", ",") {
		fmt.Printf("[%s]", part)
	}
	fmt.Println()
	for f := range strings.FieldsSeq("  the quick\tbrown  fox ") {
		fmt.Print(strings.ToUpper(f[:1]), f[1:], " ")
	}
	fmt.Println()
	for f := range strings.FieldsFuncSeq("a1b22c333", func(r rune) bool { return r >= '0' && r <= '9' }) {
		fmt.Print(f)
	}
	fmt.Println()
	for b := range bytes.SplitSeq([]byte("x|y|z"), []byte("|")) {
		fmt.Print(string(b), ";")
	}
	fmt.Println()
	for l := range bytes.Lines([]byte("one\ntwo\n")) {
		fmt.Printf("%q", l)
	}
	fmt.Println()
}
