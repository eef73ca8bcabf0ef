package main

import (
	"fmt"
	"sort"
	"strings"
)

type Person struct {
	Name string
	Age  int
}

type byAge []Person

func (a byAge) Len() int           { return len(a) }
func (a byAge) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }
func (a byAge) Less(i, j int) bool { return a[i].Age < a[j].Age }

func main() {
	people := []Person{{"Alice", 30}, {"Bob", 25}, {"Carol", 30}, {"Dan", 25}, {"Eve", 35}, {"Fay", 30}}
	st := append([]Person(nil), people...)
	sort.SliceStable(st, func(i, j int) bool { return st[i].Age < st[j].Age })
	fmt.Println(st)

	bs := append([]Person(nil), people...)
	sort.Stable(byAge(bs))
	fmt.Println(bs)

	multi := append([]Person(nil), people...)
	sort.Slice(multi, func(i, j int) bool {
		if multi[i].Age != multi[j].Age {
			return multi[i].Age > multi[j].Age
		}
		return multi[i].Name < multi[j].Name
	})
	fmt.Println(multi)

	sort.Sort(sort.Reverse(byAge(bs)))
	fmt.Println(bs[0], bs[len(bs)-1].Age)
	fmt.Println(sort.IsSorted(byAge(st)), sort.SliceIsSorted(multi, func(i, j int) bool { return multi[i].Age < multi[j].Age }))

	words := strings.Fields("banana Apple cherry apple Banana")
	sort.Strings(words)
	fmt.Println(words)
	sort.Slice(words, func(i, j int) bool { return strings.ToLower(words[i]) < strings.ToLower(words[j]) })
	fmt.Println(strings.ToLower(strings.Join(words, ",")))

	nums := []int{5, 2, 8, 1, 9}
	sort.Sort(sort.Reverse(sort.IntSlice(nums)))
	fmt.Println(nums)
	sorted := []int{1, 3, 5, 7, 9}
	i := sort.SearchInts(sorted, 6)
	j := sort.Search(len(sorted), func(k int) bool { return sorted[k] >= 9 })
	fmt.Println(i, j, sort.SearchStrings([]string{"a", "c"}, "b"))
	fl := []float64{2.5, -1, 3}
	sort.Float64s(fl)
	fmt.Println(fl)
}
