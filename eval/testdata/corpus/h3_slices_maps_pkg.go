package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

type Item struct {
	Name  string
	Price int
}

func main() {
	xs := []int{5, 1, 4, 1, 5, 9, 2, 6}
	s := slices.Clone(xs)
	slices.Sort(s)
	fmt.Println(s, xs[:3])
	fmt.Println(slices.Compact(s), slices.Index(xs, 9), slices.Contains(xs, 7))
	i, found := slices.BinarySearch([]int{1, 3, 5}, 4)
	fmt.Println(i, found, slices.Max(xs), slices.Min(xs))
	r := slices.Clone(xs)
	slices.Reverse(r)
	fmt.Println(r, slices.Equal(r, xs))
	fmt.Println(slices.Insert([]int{1, 2}, 1, 10, 11), slices.Delete([]int{0, 1, 2, 3}, 1, 3))
	items := []Item{{"pen", 3}, {"book", 12}, {"cup", 3}, {"bag", 20}}
	slices.SortStableFunc(items, func(a, b Item) int { return cmp.Compare(a.Price, b.Price) })
	fmt.Println(items)
	idx := slices.IndexFunc(items, func(it Item) bool { return it.Price > 10 })
	fmt.Println(idx, items[idx].Name)
	most := slices.MaxFunc(items, func(a, b Item) int { return cmp.Compare(a.Price, b.Price) })
	fmt.Println(most)
	fmt.Println(slices.ContainsFunc(items, func(it Item) bool { return strings.HasPrefix(it.Name, "c") }))

	m := map[string]int{"b": 2, "a": 1, "c": 3}
	keys := slices.Sorted(maps.Keys(m))
	fmt.Println(keys)
	vals := slices.Collect(maps.Values(m))
	slices.Sort(vals)
	fmt.Println(vals)
	m2 := maps.Clone(m)
	m2["d"] = 4
	fmt.Println(len(m), len(m2), maps.Equal(m, m2))
	maps.DeleteFunc(m2, func(k string, v int) bool { return v%2 == 0 })
	fmt.Println(m2)
	fmt.Println(cmp.Compare("a", "b"), cmp.Less(2, 1), cmp.Or("", "dflt"), cmp.Or(0, 0, 7))
	chunks := [][]int{}
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		chunks = append(chunks, c)
	}
	fmt.Println(chunks, slices.Repeat([]string{"x"}, 3))
	for i, v := range slices.Backward([]string{"a", "b"}) {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
}
