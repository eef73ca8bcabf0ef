package main

import (
	"fmt"
	"strings"
)

func main() {
	s := "Hello, Gophers! Hello!"
	fmt.Println(strings.Count(s, "Hello"), strings.Index(s, "Go"), strings.LastIndex(s, "Hello"))
	fmt.Println(strings.ReplaceAll(s, "Hello", "Bye"), strings.Replace(s, "l", "L", 2))
	fmt.Println(strings.HasPrefix(s, "Hell"), strings.HasSuffix(s, "!"), strings.EqualFold("Go", "GO"))
	fmt.Println(strings.Split("a,b,c", ","), strings.SplitN("a,b,c", ",", 2), len(strings.Split("", ",")))
	fmt.Println(strings.TrimLeft("xxhixx", "x"), strings.TrimPrefix("prefix-body", "prefix-"), strings.Trim("  y  ", " "))
	fmt.Println(strings.Repeat("=", 10), strings.ToTitle("go"), strings.Fields(" a  b "))
	before, after, found := strings.Cut("user:pass", ":")
	fmt.Println(before, after, found)
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;")
	fmt.Println(r.Replace("<b>bold</b>"))
	fmt.Println(strings.ContainsAny("hello", "xyz"), strings.ContainsRune("hello", 'l'), strings.IndexByte("abc", 'c'))
	fmt.Println(strings.CutPrefix("v1.2", "v"))
}
