package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Config struct {
	Name    string
	Version int
}

func main() {
	var current atomic.Pointer[Config]
	fmt.Println(current.Load() == nil)
	current.Store(&Config{"first", 1})
	old := current.Swap(&Config{"second", 2})
	fmt.Println(old.Name, current.Load().Name)
	c := current.Load()
	fmt.Println(current.CompareAndSwap(c, &Config{"third", 3}), current.Load().Version)
	fmt.Println(current.CompareAndSwap(c, &Config{"fourth", 4}), current.Load().Version)

	var hits atomic.Int64
	var flag atomic.Bool
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hits.Add(2)
			flag.Store(true)
		}()
	}
	wg.Wait()
	fmt.Println(hits.Load(), flag.Load())
	var v atomic.Value
	v.Store("hello")
	fmt.Println(v.Load().(string))
}
