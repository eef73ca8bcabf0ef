// Assigning computed values to any-typed fields and elements.
package main

import (
	"fmt"
	"sync"
)

type Item struct {
	Key   string
	Value any
}

func main() {
	items := []Item{{"a", 1}, {"b", 2}}
	for i := range items {
		v := items[i].Value.(int)
		items[i].Value = v * 100
	}
	fmt.Println(items)
	var m sync.Map
	for i := 0; i < 3; i++ {
		m.Store(i, i*i+1)
	}
	v, _ := m.Load(2)
	fmt.Println(v)
	arr := make([]any, 3)
	for i := range arr {
		arr[i] = float64(i) / 2
	}
	fmt.Println(arr)
	p := &Item{Key: "p"}
	x := 4
	p.Value = x << 2
	fmt.Println(p.Value)
}
