package main

import (
	"fmt"
	"strings"
	"unicode"
)

func isPalindrome(s string) bool {
	var rs []rune
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			rs = append(rs, r)
		}
	}
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		if rs[i] != rs[j] {
			return false
		}
	}
	return true
}

func main() {
	for _, s := range []string{"A man, a plan, a canal: Panama", "hello", "Was it a car or a cat I saw?", ""} {
		fmt.Printf("%q %v\n", s, isPalindrome(s))
	}
}
