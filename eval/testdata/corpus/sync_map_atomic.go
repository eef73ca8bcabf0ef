// sync.Map and atomic.Value with values of the session's types.
package main

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
)

type Config struct {
	Name    string
	Retries int
}

func main() {
	var m sync.Map
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Store(fmt.Sprint("k", i), i*i)
		}()
	}
	wg.Wait()
	var keys []string
	m.Range(func(k, v any) bool {
		keys = append(keys, fmt.Sprint(k, "=", v))
		return true
	})
	sort.Strings(keys)
	fmt.Println(keys)
	v, ok := m.Load("k3")
	fmt.Println(v, ok)
	var cfg atomic.Value
	cfg.Store(Config{"a", 1})
	c := cfg.Load().(Config)
	fmt.Println(c.Name, c.Retries)
	cfg.Store(Config{"b", 2})
	fmt.Printf("%+v\n", cfg.Load())
}
