// slices.Sort, SortFunc, SortStableFunc, IsSorted and BinarySearch.
package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type Person struct {
	Name string
	Age  int
}

func main() {
	nums := []int{5, 2, 8, 1, 9}
	slices.Sort(nums)
	fmt.Println(nums, slices.IsSorted(nums))
	i, found := slices.BinarySearch(nums, 8)
	fmt.Println(i, found)
	words := []string{"banana", "Apple", "cherry"}
	slices.SortFunc(words, func(a, b string) int {
		return cmp.Compare(strings.ToLower(a), strings.ToLower(b))
	})
	fmt.Println(words)
	people := []Person{{"Al", 30}, {"Bo", 25}, {"Cy", 30}, {"Di", 25}}
	slices.SortStableFunc(people, func(a, b Person) int { return cmp.Compare(a.Age, b.Age) })
	fmt.Println(people)
	slices.SortFunc(people, func(a, b Person) int {
		return cmp.Or(cmp.Compare(b.Age, a.Age), strings.Compare(a.Name, b.Name))
	})
	fmt.Println(people)
	fs := []float64{2.5, -1, 3}
	slices.Sort(fs)
	fmt.Println(fs)
}
