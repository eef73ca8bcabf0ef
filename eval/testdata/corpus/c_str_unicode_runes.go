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

func isPalindrome(s string) bool {
	var clean []rune
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			clean = append(clean, r)
		}
	}
	for i := range len(clean) / 2 {
		if clean[i] != clean[len(clean)-1-i] {
			return false
		}
	}
	return true
}

func main() {
	s := "Grüße, 世界!"
	fmt.Println(len(s), utf8.RuneCountInString(s), reverse(s))
	for i, r := range "aé世" {
		fmt.Printf("%d:%c(%d bytes, %U) ", i, r, utf8.RuneLen(r), r)
	}
	fmt.Println()
	fmt.Println(isPalindrome("A man, a plan, a canal: Panama"), isPalindrome("Go lang"))
	bad := string([]byte{'o', 'k', 0xff, 'x'})
	fmt.Println(utf8.ValidString(bad), []rune(bad), strings.ToValidUTF8(bad, "?"))
	for _, r := range bad {
		fmt.Print(r == utf8.RuneError, " ")
	}
	fmt.Println()
	b := []byte("€uro")
	r, size := utf8.DecodeRune(b)
	fmt.Println(string(r), size, utf8.FullRune(b[:2]))
	fmt.Println(string(rune(65)), string(rune(0x1F600)), strings.ToUpper("ß"), unicode.IsUpper('É'))
	fmt.Println(utf8.AppendRune(nil, '世'), s[1:3] == "rü"[:2])
}
