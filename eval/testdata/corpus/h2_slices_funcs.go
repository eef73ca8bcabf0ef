package main

import (
	"fmt"
	"slices"
	"strings"
)

type Span struct{ Lo, Hi int }

func main() {
	s := []int{5, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}
	t := slices.Clone(s)
	slices.Sort(t)
	fmt.Println(t, slices.Compact(slices.Clone(t)))
	i, ok := slices.BinarySearch(t, 5)
	j, ok2 := slices.BinarySearch(t, 7)
	fmt.Println(i, ok, j, ok2)
	fmt.Println(slices.Index(s, 9), slices.Contains(s, 8), slices.Max(s), slices.Min(s))
	u := slices.Insert(slices.Clone(s), 2, 100, 200)
	fmt.Println(u, len(u))
	d := slices.Delete(slices.Clone(s), 1, 4)
	fmt.Println(d, len(d))
	r := slices.Clone(s)
	slices.Reverse(r)
	fmt.Println(r, slices.Equal(r, s))
	for c := range slices.Chunk(s, 4) {
		fmt.Print(c, len(c), cap(c), ";")
	}
	fmt.Println()
	words := strings.Fields("b a c a b d d a")
	slices.Sort(words)
	words = slices.CompactFunc(words, strings.EqualFold)
	fmt.Println(words)
	spans := []Span{{1, 3}, {2, 5}, {7, 8}, {6, 7}}
	slices.SortFunc(spans, func(a, b Span) int { return a.Lo - b.Lo })
	merged := []Span{spans[0]}
	for _, sp := range spans[1:] {
		last := &merged[len(merged)-1]
		if sp.Lo <= last.Hi {
			last.Hi = max(last.Hi, sp.Hi)
		} else {
			merged = append(merged, sp)
		}
	}
	fmt.Println(merged)
	idx := slices.IndexFunc(s, func(v int) bool { return v > 5 })
	fmt.Println(idx, slices.ContainsFunc(s, func(v int) bool { return v < 0 }))
	fmt.Println(slices.DeleteFunc(slices.Clone(s), func(v int) bool { return v%2 == 1 }))
	g := slices.Grow([]int{1}, 10)
	fmt.Println(len(g), cap(g) >= 11, slices.Repeat([]string{"ab"}, 3))
	col := slices.Collect(slices.Values([]string{"x", "y"}))
	for i, v := range slices.Backward(col) {
		fmt.Print(i, v, " ")
	}
	fmt.Println(slices.Sorted(slices.Values([]int{3, 1, 2})))
	fmt.Println(slices.Concat([]int{1}, nil, []int{2, 3}), slices.Replace([]int{1, 2, 3, 4}, 1, 3, 9))
	aliased := []int{1, 2, 3, 4, 5}
	tail := aliased[3:]
	_ = slices.Delete(aliased, 0, 2)
	fmt.Println(aliased, tail)
}
