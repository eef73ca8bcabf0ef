package main

import (
	"fmt"
	"strings"
)

type Range struct{ Lo, Hi int }

type Token struct {
	Kind string
	Text string
}

func split(line string) (string, string) {
	k, v, _ := strings.Cut(line, "=")
	return strings.TrimSpace(k), strings.TrimSpace(v)
}

func main() {
	words := strings.Fields("the quick brown fox jumps")
	lo, hi := 0, 0
	best, bestLen := "", 0
	for i, w := range words {
		if len(w) > bestLen {
			best, bestLen = w, len(w)
			lo, hi = i, len(words)
		}
	}
	fmt.Println(best, bestLen, lo, hi)

	r, count := Range{1, 5}, 3
	fmt.Println(r, count)
	var toks []Token
	cur, n := Token{Kind: "word"}, 0
	for _, part := range strings.Split("a=1; b = two ;c=3", ";") {
		k, v := split(part)
		cur, n = Token{Kind: k, Text: v}, n+1
		toks = append(toks, cur)
	}
	fmt.Println(toks, n)

	ch := make(chan string, 4)
	for _, s := range []string{"x", "y", "z"} {
		ch <- s
	}
	first, label := <-ch, "first"
	fmt.Println(label, first)
	second, third := <-ch, <-ch
	fmt.Println(second, third)

	var total, calls int
	total, calls = strings.Count("banana", "a"), calls+1
	fmt.Println(total, calls)
	buf, size := []byte("hey"), len("hey")
	fmt.Println(string(buf), size)
	a, b := 1, 1
	for range 5 {
		a, b = b, a+b
	}
	fmt.Println(a, b)
	m := map[string]Range{}
	m["r"], count = Range{Hi: 9}, strings.Index("abc", "c")
	fmt.Println(m, count)
}
