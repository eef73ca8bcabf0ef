package main

import (
	"fmt"
	"strings"
	"unicode"
)

func decode(s string) (string, error) {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if unicode.IsDigit(r) {
			n = n*10 + int(r-'0')
			continue
		}
		if n == 0 {
			n = 1
		}
		b.WriteString(strings.Repeat(string(r), n))
		n = 0
	}
	if n != 0 {
		return "", fmt.Errorf("dangling count %d", n)
	}
	return b.String(), nil
}

func main() {
	fmt.Println(decode("3a2bc"))
	fmt.Println(decode("12x"))
	fmt.Println(decode("ab5"))
}
