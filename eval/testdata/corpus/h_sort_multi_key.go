package main

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
)

type Employee struct {
	Name   string
	Dept   string
	Salary int
	Age    int
}

type byAge []Employee

func (a byAge) Len() int           { return len(a) }
func (a byAge) Less(i, j int) bool { return a[i].Age < a[j].Age }
func (a byAge) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }

func main() {
	staff := []Employee{
		{"Alice", "eng", 120, 30},
		{"Bob", "ops", 90, 45},
		{"Carol", "eng", 120, 28},
		{"Dan", "ops", 95, 45},
		{"Eve", "eng", 150, 35},
	}
	slices.SortFunc(staff, func(a, b Employee) int {
		return cmp.Or(
			cmp.Compare(a.Dept, b.Dept),
			-cmp.Compare(a.Salary, b.Salary),
			strings.Compare(a.Name, b.Name),
		)
	})
	for _, e := range staff {
		fmt.Printf("%-6s %-4s %4d\n", e.Name, e.Dept, e.Salary)
	}
	sort.Sort(byAge(staff))
	fmt.Println(staff[0].Name, staff[len(staff)-1].Age)
	sort.Stable(sort.Reverse(byAge(staff)))
	var names []string
	for _, e := range staff {
		names = append(names, e.Name)
	}
	fmt.Println(names)
	i, found := slices.BinarySearchFunc([]int{1, 3, 5, 7}, 5, func(a, b int) int { return a - b })
	fmt.Println(i, found)
	idx := sort.Search(100, func(i int) bool { return i*i >= 50 })
	fmt.Println(idx, sort.SearchInts([]int{2, 4, 6}, 5))
	words := []string{"banana", "Apple", "cherry", "apple"}
	sort.Strings(words)
	fmt.Println(words, sort.StringsAreSorted(words))
	slices.SortStableFunc(words, func(a, b string) int { return cmp.Compare(strings.ToLower(a), strings.ToLower(b)) })
	fmt.Println(words)
	m := slices.MaxFunc(staff, func(a, b Employee) int { return cmp.Compare(a.Salary, b.Salary) })
	fmt.Println(m.Name, slices.IsSortedFunc(staff, func(a, b Employee) int { return b.Age - a.Age }))
	fs := []float64{2.5, -1, 3}
	sort.Float64s(fs)
	slices.Reverse(fs)
	fmt.Println(fs, len(fs))
}
