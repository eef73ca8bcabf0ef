package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

func main() {
	s := "Grüße, 世界!"
	fmt.Println(len(s), utf8.RuneCountInString(s), utf8.ValidString(s))
	r, size := utf8.DecodeRuneInString("世界")
	fmt.Println(string(r), size)
	var up []rune
	for _, r := range s {
		if unicode.IsUpper(r) || unicode.Is(unicode.Han, r) {
			up = append(up, r)
		}
	}
	fmt.Println(string(up), strings.ToUpper(s))
	b := []byte("héllo")
	fmt.Println(b[1], len(b), string(b[1:3]))
	fmt.Println(strings.IndexRune(s, '世'), []rune(s)[7])
}
