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
	s := "héllo, 世界! 👋🏽"
	fmt.Println(len(s), utf8.RuneCountInString(s), len([]rune(s)), len([]byte(s)))
	for i, r := range s {
		if r > 127 {
			fmt.Printf("%d:%c(%U,%d) ", i, r, r, utf8.RuneLen(r))
		}
	}
	fmt.Println()
	fmt.Println(reverse(s), strings.ToUpper(s), strings.Title("go lang"))
	bad := string([]byte{0x61, 0xff, 0x62, 0xe4, 0xb8})
	fmt.Println(utf8.ValidString(bad), utf8.ValidString(s), []rune(bad), len(bad))
	for i, r := range bad {
		fmt.Print(i, ":", r, " ")
	}
	fmt.Println()
	fmt.Printf("%q %+q %x % x\n", "世界", "世界", "世界", "世界")
	buf := make([]byte, 0, 16)
	buf = utf8.AppendRune(buf, '€')
	buf = utf8.AppendRune(buf, 0x10FFFF+1)
	fmt.Println(buf, utf8.FullRune(buf[:2]))
	r, size := utf8.DecodeRuneInString("€x")
	lr, lsize := utf8.DecodeLastRuneInString("x€")
	fmt.Println(r, size, lr, lsize, string(r), utf8.RuneError, string(rune(65)))
	cnt := map[string]int{}
	for _, r := range "Hello World 123 ÄÖÜ ß_\t" {
		switch {
		case unicode.IsUpper(r):
			cnt["upper"]++
		case unicode.IsLower(r):
			cnt["lower"]++
		case unicode.IsDigit(r):
			cnt["digit"]++
		case unicode.IsSpace(r):
			cnt["space"]++
		case unicode.IsPunct(r):
			cnt["punct"]++
		}
	}
	fmt.Println(cnt)
	fmt.Println(unicode.ToUpper('ß'), string(unicode.ToTitle('ǆ')), unicode.Is(unicode.Han, '世'), unicode.In('π', unicode.Greek, unicode.Latin))
	fmt.Println(strings.EqualFold("Straße", "STRASSE"), strings.EqualFold("Gö", "GÖ"), strings.IndexRune(s, '界'), strings.IndexByte(s, '!'))
	trimmed := strings.TrimFunc("¡¡Hola!!", func(r rune) bool { return !unicode.IsLetter(r) })
	fmt.Println(trimmed, strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return -1
		}
		return unicode.SimpleFold(r)
	}, "aB3cD4"))
}
