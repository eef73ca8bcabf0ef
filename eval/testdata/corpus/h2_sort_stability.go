package main

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
)

type Emp struct {
	Name string
	Dept string
	Age  int
}

type byAge []Emp

func (b byAge) Len() int           { return len(b) }
func (b byAge) Less(i, j int) bool { return b[i].Age < b[j].Age }
func (b byAge) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func main() {
	emps := []Emp{
		{"ann", "eng", 30}, {"bob", "ops", 25}, {"cat", "eng", 25}, {"dan", "ops", 30},
		{"eve", "eng", 35}, {"fay", "hr", 25}, {"gus", "hr", 30}, {"hal", "eng", 30},
	}
	a := slices.Clone(emps)
	sort.Stable(byAge(a))
	fmt.Println(a)
	b := slices.Clone(emps)
	slices.SortStableFunc(b, func(x, y Emp) int { return strings.Compare(x.Dept, y.Dept) })
	fmt.Println(b)
	c := slices.Clone(emps)
	slices.SortFunc(c, func(x, y Emp) int {
		return cmp.Or(cmp.Compare(y.Age, x.Age), strings.Compare(x.Name, y.Name))
	})
	fmt.Println(c)
	d := slices.Clone(emps)
	sort.SliceStable(d, func(i, j int) bool { return d[i].Dept < d[j].Dept })
	sort.SliceStable(d, func(i, j int) bool { return d[i].Age < d[j].Age })
	for _, e := range d {
		fmt.Printf("%s/%s/%d ", e.Name, e.Dept, e.Age)
	}
	fmt.Println()
	fmt.Println(sort.IsSorted(byAge(a)), slices.IsSortedFunc(c, func(x, y Emp) int { return cmp.Compare(y.Age, x.Age) }))
	i, found := slices.BinarySearchFunc(a, 30, func(e Emp, t int) int { return cmp.Compare(e.Age, t) })
	fmt.Println(i, found)
	words := strings.Fields("pear Apple fig apple Banana kiwi banana Fig")
	sort.Strings(words)
	fmt.Println(words)
	slices.SortStableFunc(words, func(x, y string) int { return strings.Compare(strings.ToLower(x), strings.ToLower(y)) })
	fmt.Println(words)
	n := sort.Search(100, func(i int) bool { return i*i >= 50 })
	fmt.Println(n)
}
