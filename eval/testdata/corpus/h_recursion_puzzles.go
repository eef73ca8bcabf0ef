package main

import (
	"fmt"
	"sort"
	"strings"
)

func permutations(s []rune) []string {
	if len(s) <= 1 {
		return []string{string(s)}
	}
	var out []string
	for i := range s {
		rest := make([]rune, 0, len(s)-1)
		rest = append(rest, s[:i]...)
		rest = append(rest, s[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, string(s[i])+p)
		}
	}
	return out
}

func nQueens(n int) int {
	cols := make([]bool, n)
	d1 := make([]bool, 2*n)
	d2 := make([]bool, 2*n)
	var place func(r int) int
	place = func(r int) int {
		if r == n {
			return 1
		}
		count := 0
		for c := 0; c < n; c++ {
			if cols[c] || d1[r+c] || d2[r-c+n] {
				continue
			}
			cols[c], d1[r+c], d2[r-c+n] = true, true, true
			count += place(r + 1)
			cols[c], d1[r+c], d2[r-c+n] = false, false, false
		}
		return count
	}
	return place(0)
}

func hanoi(n int, from, to, via string, moves *[]string) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves)
	*moves = append(*moves, from+">"+to)
	hanoi(n-1, via, to, from, moves)
}

func subsets(xs []int) [][]int {
	res := [][]int{{}}
	for _, x := range xs {
		n := len(res)
		for i := 0; i < n; i++ {
			s := append(append([]int{}, res[i]...), x)
			res = append(res, s)
		}
	}
	return res
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

func main() {
	p := permutations([]rune("abc"))
	sort.Strings(p)
	fmt.Println(p, len(permutations([]rune("abcde"))))
	for n := 1; n <= 8; n++ {
		fmt.Print(nQueens(n), " ")
	}
	fmt.Println()
	var moves []string
	hanoi(4, "A", "C", "B", &moves)
	fmt.Println(len(moves), strings.Join(moves[:5], " "))
	fmt.Println(subsets([]int{1, 2, 3}))
	fmt.Println(ackermann(2, 3))
}
