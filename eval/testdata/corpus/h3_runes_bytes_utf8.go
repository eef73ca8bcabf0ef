package main

import (
	"bytes"
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
	s := "héllo, 世界!"
	fmt.Println(len(s), utf8.RuneCountInString(s), reverse(s))
	for i, r := range "aé世" {
		fmt.Print(i, ":", string(r), "(", utf8.RuneLen(r), ") ")
	}
	fmt.Println()
	fmt.Println(s[1], s[1:3], string(s[1]), []byte(s[:3]))
	bad := "a\xffb"
	for i, r := range bad {
		fmt.Print(i, " ", r, " ", r == utf8.RuneError, "; ")
	}
	fmt.Println(utf8.ValidString(bad), []rune(bad))
	r, size := utf8.DecodeRuneInString("世界")
	fmt.Println(string(r), size, r)
	buf := make([]byte, 0, 8)
	buf = utf8.AppendRune(buf, '€')
	fmt.Println(buf, len(buf))
	fmt.Println(string(rune(65)), string(rune(-1)), strings.ToUpper("ǆ straße"), strings.ToTitle("ǆ"))
	fmt.Println(unicode.IsUpper('É'), unicode.ToLower('Σ'), unicode.IsLetter('_'), unicode.IsDigit('٣'))
	b := []byte("Hello Gophers")
	fmt.Println(bytes.ToUpper(b[:5]), string(bytes.Title(b[6:])))
	fmt.Println(bytes.Count(b, []byte("e")), bytes.IndexByte(b, 'G'), bytes.Equal(b[:1], []byte{'H'}))
	fields := bytes.FieldsFunc([]byte("a1b22c333"), unicode.IsDigit)
	fmt.Printf("%q\n", fields)
	var bs []byte
	bs = append(bs, "abc"...)
	bs = append(bs, 'd')
	fmt.Println(string(bs), bs[len(bs)-1])
	x := 'a' + 1
	fmt.Printf("%T %v %c %U %q\n", x, x, x, x, x)
	fmt.Println(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToUpper(r)
	}, "go is fun"))
	fmt.Printf("%x % x %X\n", "hi", "hi", []byte("ok"))
}
