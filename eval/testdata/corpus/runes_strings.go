// Strings, bytes and runes: indexing, ranging, conversions, UTF-8.
package main

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

func main() {
	s := "héllo, 世界"
	fmt.Println(len(s), utf8.RuneCountInString(s))
	for i, r := range "aé世" {
		fmt.Println(i, r, string(r), utf8.RuneLen(r))
	}
	fmt.Println(s[1], s[:1], []rune(s)[1], string([]rune(s)[7:]))
	rs := []rune(s)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	fmt.Println(string(rs))
	fmt.Println(unicode.IsUpper('A'), unicode.IsDigit('5'), unicode.ToUpper('ß'), string(unicode.ToLower('Q')))
	fmt.Printf("%c %U %q %d\n", 'G', '世', 'x', 'a')
	fmt.Println(string(rune(65)), []byte("é"))
	var r rune = 'z'
	r -= 25
	fmt.Println(r, string(r))
}
