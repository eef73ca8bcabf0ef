package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

type Label string
type ID int
type Score float64

type Item struct {
	L Label
	S Score
}

func main() {
	ls := []Label{"pear", "apple", "fig"}
	slices.Sort(ls)
	fmt.Println(ls, slices.Max(ls), slices.Min(ls), slices.Index(ls, "fig"), slices.Contains(ls, Label("kiwi")))
	ids := []ID{5, 2, 9}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	fmt.Println(ids, min(ID(3), ID(1)), max(Score(1.5), 2), cmp.Compare(ID(1), ID(2)))
	m := map[Label]ID{"b": 2, "a": 1, "c": 3}
	keys := slices.Sorted(maps.Keys(m))
	fmt.Println(keys, len(keys))
	vals := slices.Collect(maps.Values(m))
	slices.Sort(vals)
	fmt.Println(vals)
	var l Label
	var id ID
	var sc Score
	n, err := fmt.Sscan("hello 42 3.5", &l, &id, &sc)
	fmt.Println(n, err, l, id, sc)
	n, err = fmt.Sscanf("x=7 y=zz", "x=%d y=%s", &id, &l)
	fmt.Println(n, err, id, l)
	items := []Item{{"b", 2}, {"a", 2}, {"c", 1}}
	slices.SortFunc(items, func(a, b Item) int {
		return cmp.Or(cmp.Compare(b.S, a.S), strings.Compare(string(a.L), string(b.L)))
	})
	fmt.Println(items)
	i, found := slices.BinarySearchFunc(items, Score(1), func(it Item, s Score) int { return cmp.Compare(s, it.S) })
	fmt.Println(i, found)
	grouped := map[Score][]Label{}
	for _, it := range items {
		grouped[it.S] = append(grouped[it.S], it.L)
	}
	fmt.Println(grouped)
	slices.Reverse(ls)
	fmt.Println(ls, len(slices.Repeat(ls, 2)))
}
