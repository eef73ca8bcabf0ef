package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

func key(w string) string {
	r := []rune(strings.ToLower(w))
	slices.Sort(r)
	return string(r)
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
	words := strings.Fields("listen silent enlist google elgoog inlets banana Tinsel cat act tac")
	groups := map[string][]string{}
	for _, w := range words {
		k := key(w)
		groups[k] = append(groups[k], w)
	}
	var out [][]string
	for _, g := range groups {
		if len(g) > 1 {
			sort.Strings(g)
			out = append(out, g)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) > len(out[j])
		}
		return out[i][0] < out[j][0]
	})
	for _, g := range out {
		fmt.Println(len(g), g)
	}
	for _, s := range []string{"A man, a plan, a canal: Panama", "race a car", "", "Was it a car or a cat I saw?"} {
		fmt.Printf("%q %v\n", s, isPalindrome(s))
	}
	counts := make([]int, 26)
	for _, r := range "the quick brown fox jumps over the lazy dog" {
		if r >= 'a' && r <= 'z' {
			counts[r-'a']++
		}
	}
	fmt.Println(slices.Index(counts, 0) == -1, counts[:5], slices.Max(counts))
}
