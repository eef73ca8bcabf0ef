// Generic functions of package slices.
package main

import (
	"fmt"
	"slices"
)

func main() {
	s := []int{3, 1, 4, 1, 5, 9, 2, 6}
	fmt.Println(slices.Max(s), slices.Min(s))
	fmt.Println(slices.Index(s, 4), slices.Contains(s, 7))
	fmt.Println(slices.IndexFunc(s, func(v int) bool { return v > 4 }))
	c := slices.Clone(s)
	slices.Reverse(c)
	fmt.Println(c, s)
	fmt.Println(slices.Equal(s, c), slices.Equal(s, slices.Clone(s)))
	sorted := slices.Clone(s)
	slices.Sort(sorted)
	fmt.Println(slices.Compact(sorted))
	fmt.Println(slices.Insert([]int{1, 2, 5}, 2, 3, 4))
	fmt.Println(slices.Delete([]int{0, 1, 2, 3}, 1, 3))
	fmt.Println(slices.ContainsFunc([]string{"a", "bb"}, func(x string) bool { return len(x) == 2 }))
	fmt.Println(slices.Repeat([]string{"ab"}, 3), slices.Concat([]int{1}, []int{2, 3}))
	fmt.Println(slices.MaxFunc([]string{"aaa", "b", "cc"}, func(a, b string) int { return len(a) - len(b) }))
}
