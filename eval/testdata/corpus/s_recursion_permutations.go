package main

import (
	"fmt"
)

func permutations(s []rune) []string {
	if len(s) <= 1 {
		return []string{string(s)}
	}
	var out []string
	for i := range s {
		rest := append(append([]rune{}, s[:i]...), s[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, string(s[i])+p)
		}
	}
	return out
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

func main() {
	fmt.Println(permutations([]rune("abc")))
	fmt.Println(subsets([]int{1, 2, 3}))
}
