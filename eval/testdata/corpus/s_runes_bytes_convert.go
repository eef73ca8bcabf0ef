package main

import (
	"fmt"
	"strconv"
	"strings"
)

func main() {
	s := "abc"
	b := []byte(s)
	b[0] = 'X'
	fmt.Println(s, string(b))
	r := []rune("héllo")
	r[1] = 'e'
	fmt.Println(string(r), len(r))
	fmt.Println(string(rune(65)), strconv.Itoa(65), string([]byte{104, 105}))
	var sb strings.Builder
	for i := 'a'; i < 'f'; i++ {
		sb.WriteRune(i)
	}
	fmt.Println(sb.String(), s[1], s[1:], fmt.Sprint(s[0]))
}
