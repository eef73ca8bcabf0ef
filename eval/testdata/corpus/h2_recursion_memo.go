package main

import (
	"fmt"
	"strings"
)

type key struct{ i, j int }

func lcs(a, b string) string {
	memo := map[key]string{}
	var rec func(i, j int) string
	rec = func(i, j int) string {
		if i == len(a) || j == len(b) {
			return ""
		}
		k := key{i, j}
		if v, ok := memo[k]; ok {
			return v
		}
		var r string
		if a[i] == b[j] {
			r = string(a[i]) + rec(i+1, j+1)
		} else {
			x, y := rec(i+1, j), rec(i, j+1)
			if len(x) >= len(y) {
				r = x
			} else {
				r = y
			}
		}
		memo[k] = r
		return r
	}
	return rec(0, 0)
}

func permutations(s []int) [][]int {
	if len(s) <= 1 {
		return [][]int{append([]int(nil), s...)}
	}
	var out [][]int
	for i := range s {
		rest := append(append([]int(nil), s[:i]...), s[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]int{s[i]}, p...))
		}
	}
	return out
}

func hanoi(n int, from, to, via string, moves *[]string) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves)
	*moves = append(*moves, from+to)
	hanoi(n-1, via, to, from, moves)
}

func ackermann(m, n int) int {
	switch {
	case m == 0:
		return n + 1
	case n == 0:
		return ackermann(m-1, 1)
	}
	return ackermann(m-1, ackermann(m, n-1))
}

func nqueens(n int) int {
	cols := make([]bool, n)
	d1 := make([]bool, 2*n)
	d2 := make([]bool, 2*n)
	var place func(r int) int
	place = func(r int) int {
		if r == n {
			return 1
		}
		c := 0
		for col := 0; col < n; col++ {
			if cols[col] || d1[r+col] || d2[r-col+n] {
				continue
			}
			cols[col], d1[r+col], d2[r-col+n] = true, true, true
			c += place(r + 1)
			cols[col], d1[r+col], d2[r-col+n] = false, false, false
		}
		return c
	}
	return place(0)
}

func main() {
	fmt.Println(lcs("AGGTAB", "GXTXAYB"), lcs("abcdef", "acf"))
	ps := permutations([]int{1, 2, 3})
	fmt.Println(len(ps), ps)
	var moves []string
	hanoi(4, "A", "C", "B", &moves)
	fmt.Println(len(moves), strings.Join(moves[:5], " "))
	fmt.Println(ackermann(2, 3), nqueens(6), nqueens(8))
}
