package main

import (
	"fmt"
	"strings"
)

func main() {
	s := "  The Go Programming Language  "
	fmt.Printf("%q\n", strings.TrimSpace(s))
	fmt.Printf("%q %q\n", strings.Trim("xxhixx", "x"), strings.TrimLeft("aabca", "a"))
	fmt.Printf("%q %q\n", strings.TrimPrefix("prefix-body", "prefix-"), strings.TrimSuffix("file.go", ".go"))
	fmt.Println(strings.Split("a,b,,c", ","), len(strings.Split("", ",")), strings.SplitN("a:b:c:d", ":", 2), strings.SplitAfter("a.b.c", "."))
	fmt.Println(strings.Fields("  spaced   out\ttext\n"), strings.Count("cheese", "e"), strings.Count("five", ""))
	fmt.Println(strings.Replace("oink oink oink", "k", "ky", 2), strings.ReplaceAll("aaaa", "aa", "b"))
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;")
	fmt.Println(r.Replace("<a href=\"x&y\">"))
	fmt.Println(strings.HasPrefix("golang", "go"), strings.Contains("seafood", "foo"), strings.ContainsAny("hi", "xyz"), strings.ContainsRune("abc", 'c'))
	fmt.Println(strings.Index("chicken", "ken"), strings.LastIndex("go gopher", "go"), strings.IndexAny("golang", "ny"), strings.IndexFunc("Hello, 世界", func(r rune) bool { return r > 127 }))
	before, after, found := strings.Cut("key=value=x", "=")
	fmt.Println(before, after, found)
	fmt.Println(strings.Join([]string{"a", "b", "c"}, "-"), strings.Repeat("=", 10))
	fmt.Println(strings.Title("hello world"), strings.ToTitle("loud"))
	fmt.Println(strings.Compare("a", "b"), strings.EqualFold("Straße", "STRASSE"))
	fmt.Printf("[%6s][%-6s][%.2s]\n", "ab", "ab", "abcdef")
	lines := strings.Split("x\ny\nz", "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		fmt.Print(lines[i])
	}
	fmt.Println()
	var parts []string
	for p := range strings.SplitSeq("1|2|3", "|") {
		parts = append(parts, p+p)
	}
	fmt.Println(parts)
	for l := range strings.Lines("one\ntwo\n") {
		fmt.Printf("%q ", l)
	}
	fmt.Println()
	for f := range strings.FieldsSeq(" a  b ") {
		fmt.Print("<", f, ">")
	}
	fmt.Println()
	fmt.Println(strings.CutPrefix("v1.2", "v"))
}
