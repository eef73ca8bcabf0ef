// sync.Once, sync/atomic counters and a RWMutex-protected cache.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Cache struct {
	mu sync.RWMutex
	m  map[string]int
}

func (c *Cache) Get(k string) (int, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *Cache) Set(k string, v int) {
	c.mu.Lock()
	c.m[k] = v
	c.mu.Unlock()
}

func main() {
	var once sync.Once
	for i := 0; i < 3; i++ {
		once.Do(func() { fmt.Println("init once") })
	}
	var n int64
	var cnt atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			atomic.AddInt64(&n, 2)
			cnt.Add(1)
		}()
	}
	wg.Wait()
	fmt.Println(atomic.LoadInt64(&n), cnt.Load())
	c := &Cache{m: map[string]int{}}
	c.Set("a", 1)
	fmt.Println(c.Get("a"))
	fmt.Println(c.Get("b"))
}
