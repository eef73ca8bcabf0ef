package main

import (
	"fmt"
	"sort"
)

type Person struct {
	Name string
	Age  int
}

type ByAge []Person

func (a ByAge) Len() int           { return len(a) }
func (a ByAge) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }
func (a ByAge) Less(i, j int) bool { return a[i].Age < a[j].Age }

func main() {
	people := []Person{{"Alice", 30}, {"Bob", 25}, {"Carol", 30}, {"Dan", 20}, {"Eve", 25}}
	sorted := append([]Person(nil), people...)
	sort.Sort(ByAge(sorted))
	fmt.Println(sorted[0], sorted[len(sorted)-1].Age)
	stable := append([]Person(nil), people...)
	sort.Stable(ByAge(stable))
	fmt.Println(stable)
	sort.SliceStable(stable, func(i, j int) bool { return stable[i].Name > stable[j].Name })
	fmt.Println(stable)
	sort.Sort(sort.Reverse(ByAge(stable)))
	fmt.Println(stable[0].Age, sort.IsSorted(ByAge(stable)))
	names := []string{"zeta", "Alpha", "beta", "Gamma"}
	sort.Strings(names)
	fmt.Println(names, sort.StringsAreSorted(names))
	ages := []int{20, 25, 30, 35}
	i := sort.SearchInts(ages, 28)
	j := sort.Search(len(ages), func(k int) bool { return ages[k] >= 35 })
	fmt.Println(i, j, sort.SearchInts(ages, 99))
	fl := []float64{2.5, -1, 3}
	sort.Float64s(fl)
	fmt.Println(fl)
	idx, found := sort.Find(len(names), func(k int) int {
		switch {
		case "beta" < names[k]:
			return -1
		case "beta" > names[k]:
			return 1
		}
		return 0
	})
	fmt.Println(idx, found)
}
