package main

import (
	"fmt"
	"strings"
)

func caesar(s string, k int) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+rune(k)+26)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+rune(k)+26)%26
		}
		return r
	}, s)
}

func vigenere(s, key string, dec bool) string {
	out := []byte(s)
	j := 0
	for i, c := range []byte(s) {
		if c < 'A' || c > 'Z' {
			continue
		}
		k := key[j%len(key)] - 'A'
		if dec {
			out[i] = 'A' + (c-'A'+26-k)%26
		} else {
			out[i] = 'A' + (c-'A'+k)%26
		}
		j++
	}
	return string(out)
}

func rle(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && rs[j] == rs[i] {
			j++
		}
		fmt.Fprintf(&b, "%d%c", j-i, rs[i])
		i = j
	}
	return b.String()
}

func isPalindrome(s string) bool {
	var rs []rune
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' {
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
	enc := caesar("Hello, World! xyz", 3)
	fmt.Println(enc, caesar(enc, -3))
	v := vigenere("ATTACK AT DAWN", "LEMON", false)
	fmt.Println(v, vigenere(v, "LEMON", true))
	fmt.Println(rle("aaabccddddé€€"), rle(""))
	for _, p := range []string{"A man, a plan, a canal: Panama", "hello", "Was it a car or a cat I saw?"} {
		fmt.Print(isPalindrome(p), " ")
	}
	fmt.Println()
	var b byte = 250
	b += 10
	r := 'z' + 1
	fmt.Println(b, r, string(r), 'a'-'b', b-byte('b'))
	fmt.Printf("%c %c %v\n", 0x41+25, rune(0x1F600), []byte("é"))
}
