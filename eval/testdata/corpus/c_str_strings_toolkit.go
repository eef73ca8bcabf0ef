package main

import (
	"fmt"
	"strings"
	"unicode"
)

func slugify(title string) string {
	var b strings.Builder
	lastDash := false
	for _, r := range strings.ToLower(title) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			lastDash = false
		case !lastDash && b.Len() > 0:
			b.WriteByte('-')
			lastDash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

func main() {
	fmt.Println(slugify("Hello, World! Go 1.26 is here..."))
	fmt.Println(slugify("  Ünïcode   Títle "))
	s := "The quick brown fox jumps over the lazy dog"
	fmt.Println(strings.Count(s, "o"), strings.Index(s, "fox"), strings.LastIndex(s, "o"), strings.IndexAny(s, "xyz"))
	fmt.Println(strings.Title("go"), strings.ToTitle("go"), strings.Repeat("ab", 3))
	fmt.Println(strings.Fields(s)[2:4], len(strings.Split(s, " ")), strings.SplitN(s, " ", 3)[2])
	fmt.Println(strings.Replace(s, "o", "0", 2), strings.ReplaceAll("aaa", "a", "bb"))
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;")
	fmt.Println(r.Replace("<a href='x'>Tom & Jerry</a>"))
	before, after, found := strings.Cut("key=value=more", "=")
	fmt.Println(before, after, found)
	fmt.Println(strings.TrimLeft("xxhixx", "x"), strings.TrimPrefix("prefix-body", "prefix-"), strings.Trim("  pad  ", " "))
	fmt.Println(strings.TrimFunc("123abc456", unicode.IsDigit), strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return -1
		}
		return r
	}, "HeLLo WoRLD"))
	fmt.Println(strings.EqualFold("Straße", "STRASSE"), strings.EqualFold("Go", "GO"), strings.Compare("a", "b"))
	fmt.Println(strings.ContainsRune(s, 'z'), strings.ContainsFunc(s, unicode.IsDigit), strings.HasSuffix(s, "dog"))
	fmt.Printf("%q\n", strings.SplitAfter("a,b,c", ","))
	fmt.Println(strings.CutPrefix("v1.2.3", "v"))
}
