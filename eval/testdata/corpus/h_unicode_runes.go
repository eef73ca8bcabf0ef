package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func main() {
	s := "héllo, 世界! 👋"
	fmt.Println(len(s), utf8.RuneCountInString(s), reverse(s))
	for i, r := range "aé世" {
		fmt.Printf("%d:%c(%U,%d bytes) ", i, r, r, utf8.RuneLen(r))
	}
	fmt.Println()
	bad := "a\xffb\xc0"
	for i, r := range bad {
		fmt.Print(i, ":", r == utf8.RuneError, " ")
	}
	fmt.Println(utf8.ValidString(bad), []rune(bad), strings.ToValidUTF8(bad, "?"))
	fmt.Println(string(rune(65)), string(rune(0x4e16)), string(rune(-1)), strings.Repeat("ab", 3))
	fmt.Println(s[1], s[1:3], []byte(s[:3]))
	counts := map[string]int{}
	for _, r := range "Hello World 123 ünï" {
		switch {
		case unicode.IsUpper(r):
			counts["upper"]++
		case unicode.IsLower(r):
			counts["lower"]++
		case unicode.IsDigit(r):
			counts["digit"]++
		case unicode.IsSpace(r):
			counts["space"]++
		}
	}
	fmt.Println(counts)
	fmt.Println(strings.ToUpper("straße"), strings.ToLower("ÀÉÎ"), strings.EqualFold("Go", "GO"), strings.Title("x"))
	r, size := utf8.DecodeRuneInString("€uro")
	fmt.Println(r, size, string(r), utf8.AppendRune(nil, '€'))
	fmt.Printf("%q %+q %x\n", "日本", "日本", "日本")
	fmt.Println(strings.IndexRune("chicken", 'k'), strings.IndexByte("golang", 'l'), strings.Index("日本語", "語"))
	var b byte = 'A'
	b += 2
	fmt.Println(b, string(b), unicode.ToLower(rune(b)), 'a'-'A')
	var pos []func() int
	for i := range "añb" {
		pos = append(pos, func() int { return i })
	}
	for _, f := range pos {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}
