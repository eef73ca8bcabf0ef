package main

import (
	"fmt"
	"sync"
)

type Cache struct {
	mu   sync.RWMutex
	data map[string]string
}

func (c *Cache) Get(k string) (string, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.data[k]
	return v, ok
}

func (c *Cache) Set(k, v string) {
	c.mu.Lock()
	c.data[k] = v
	c.mu.Unlock()
}

func main() {
	c := &Cache{data: map[string]string{}}
	var wg sync.WaitGroup
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Set(fmt.Sprint("k", i), fmt.Sprint(i*i))
		}()
	}
	wg.Wait()
	v, ok := c.Get("k7")
	_, missing := c.Get("nope")
	fmt.Println(v, ok, missing, len(c.data))
}
