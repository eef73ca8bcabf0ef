// A cache guarded by an embedded sync.RWMutex, used through sync.Locker and a local interface.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type Cache struct {
	sync.RWMutex
	data map[string]int
}

func (c *Cache) Get(k string) (int, bool) {
	c.RLock()
	defer c.RUnlock()
	v, ok := c.data[k]
	return v, ok
}

type Guard interface {
	Lock()
	Unlock()
}

func withGuard(g Guard, f func()) {
	g.Lock()
	defer g.Unlock()
	f()
}

func critical(l sync.Locker, n *int) {
	l.Lock()
	*n++
	l.Unlock()
}

func main() {
	c := &Cache{data: map[string]int{}}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			withGuard(c, func() { c.data[fmt.Sprint("k", i%3)] += i })
		}(i)
	}
	wg.Wait()
	keys := make([]string, 0, len(c.data))
	for k := range c.data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, _ := c.Get(k)
		fmt.Println(k, v)
	}
	n := 0
	var l sync.Locker = c
	for i := 0; i < 5; i++ {
		critical(l, &n)
	}
	r := c.RLocker()
	r.Lock()
	fmt.Println("read locked, n =", n, "TryLock:", c.TryLock())
	r.Unlock()
	fmt.Println("TryLock after:", c.TryLock())
	c.Unlock()
}
