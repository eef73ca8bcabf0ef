package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	var m sync.Map
	m.Store("a", 1)
	m.Store("b", 2)
	v, ok := m.Load("a")
	fmt.Println(v, ok)
	actual, loaded := m.LoadOrStore("a", 100)
	fmt.Println(actual, loaded)
	var keys []string
	m.Range(func(k, v any) bool {
		keys = append(keys, k.(string))
		return true
	})
	sort.Strings(keys)
	fmt.Println(keys)
	var once sync.Once
	for range 3 {
		once.Do(func() { fmt.Println("init") })
	}
}
