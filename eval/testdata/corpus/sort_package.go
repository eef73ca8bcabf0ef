// Package sort: Ints, Strings, Slice, SliceStable, Search and sort.Sort with a user type.
package main

import (
	"fmt"
	"sort"
)

type ByLen []string

func (a ByLen) Len() int           { return len(a) }
func (a ByLen) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }
func (a ByLen) Less(i, j int) bool { return len(a[i]) < len(a[j]) }

func main() {
	ints := []int{5, 2, 6, 3}
	sort.Ints(ints)
	fmt.Println(ints, sort.IntsAreSorted(ints))
	strs := []string{"c", "a", "b"}
	sort.Strings(strs)
	fmt.Println(strs)
	words := []string{"banana", "kiwi", "apple", "fig"}
	sort.Sort(ByLen(words))
	fmt.Println(words)
	sort.Sort(sort.Reverse(sort.IntSlice(ints)))
	fmt.Println(ints)
	people := []struct {
		Name string
		Age  int
	}{{"a", 3}, {"b", 1}, {"c", 3}, {"d", 2}}
	sort.SliceStable(people, func(i, j int) bool { return people[i].Age < people[j].Age })
	fmt.Println(people)
	sorted := []int{1, 3, 5, 7}
	fmt.Println(sort.SearchInts(sorted, 5), sort.Search(len(sorted), func(i int) bool { return sorted[i] >= 4 }))
}
