package main

import (
	"fmt"
	"strconv"
	"strings"
)

func compress(s string) string {
	if s == "" {
		return s
	}
	var b strings.Builder
	rs := []rune(s)
	count := 1
	for i := 1; i <= len(rs); i++ {
		if i < len(rs) && rs[i] == rs[i-1] {
			count++
			continue
		}
		b.WriteRune(rs[i-1])
		if count > 1 {
			b.WriteString(strconv.Itoa(count))
		}
		count = 1
	}
	return b.String()
}

func main() {
	for _, s := range []string{"aaabccdddd", "abc", "", "zzzzzzzzzzzz", "ééé"} {
		fmt.Printf("%q -> %q\n", s, compress(s))
	}
}
