// A struct embedding sync.Mutex satisfies sync.Locker.
package main

import (
	"fmt"
	"sync"
)

type SafeCounter struct {
	sync.Mutex
	counts map[string]int
}

func (c *SafeCounter) Inc(k string) {
	c.Lock()
	defer c.Unlock()
	c.counts[k]++
}

func withLock(l sync.Locker, f func()) {
	l.Lock()
	defer l.Unlock()
	f()
}

func main() {
	c := &SafeCounter{counts: map[string]int{}}
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc("k")
		}()
	}
	wg.Wait()
	withLock(c, func() { fmt.Println("count:", c.counts["k"]) })
	var l sync.Locker = c
	_, ok := l.(*SafeCounter)
	fmt.Println(ok)
}
