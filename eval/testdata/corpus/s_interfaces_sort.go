package main

import (
	"fmt"
	"sort"
)

type byLen []string

func (b byLen) Len() int           { return len(b) }
func (b byLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b byLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func main() {
	words := []string{"banana", "kiwi", "apple", "fig"}
	sort.Sort(byLen(words))
	fmt.Println(words)
	sort.Sort(sort.Reverse(sort.StringSlice(words)))
	fmt.Println(words)
	nums := []int{5, 2, 8}
	sort.Ints(nums)
	fmt.Println(nums, sort.SearchInts(nums, 5), sort.IsSorted(byLen(words)))
}
