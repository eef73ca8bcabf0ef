package main

import (
	"fmt"
	"strings"
)

func shift(r rune, k int) rune {
	switch {
	case r >= 'a' && r <= 'z':
		return 'a' + (r-'a'+rune(k)+26)%26
	case r >= 'A' && r <= 'Z':
		return 'A' + (r-'A'+rune(k)+26)%26
	}
	return r
}

func encode(s string, k int) string {
	return strings.Map(func(r rune) rune { return shift(r, k) }, s)
}

func main() {
	msg := "Hello, World!"
	enc := encode(msg, 3)
	fmt.Println(enc)
	fmt.Println(encode(enc, -3))
}
