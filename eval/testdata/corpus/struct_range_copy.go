// The range value is a copy: modifying it does not change the slice; use the index.
package main

import "fmt"

type Item struct {
	Name  string
	Count int
}

func main() {
	items := []Item{{"a", 1}, {"b", 2}}
	for _, it := range items {
		it.Count *= 10
	}
	fmt.Println(items)
	for i := range items {
		items[i].Count *= 10
	}
	fmt.Println(items)
	ptrs := []*Item{{"c", 3}}
	for _, p := range ptrs {
		p.Count++
	}
	fmt.Println(*ptrs[0])
	m := map[string]Item{"x": {"x", 1}}
	it := m["x"]
	it.Count = 99
	m["x"] = it
	fmt.Println(m)
}
