package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Config struct {
	Name  string
	Limit int
}

var loads atomic.Int32

func main() {
	getConfig := sync.OnceValue(func() *Config {
		loads.Add(1)
		return &Config{Name: "prod", Limit: 10}
	})
	parse := sync.OnceValues(func() (int, error) {
		loads.Add(1)
		return 42, nil
	})
	var wg sync.WaitGroup
	var total atomic.Int64
	for i := range 10 {
		wg.Go(func() {
			c := getConfig()
			total.Add(int64(c.Limit + i))
		})
	}
	wg.Wait()
	fmt.Println(total.Load(), loads.Load())
	v, err := parse()
	v2, _ := parse()
	fmt.Println(v, err, v2, loads.Load())
	hello := sync.OnceFunc(func() { fmt.Println("hello once") })
	hello()
	hello()
	var p atomic.Pointer[Config]
	fmt.Println(p.Load() == nil)
	p.Store(&Config{Name: "a"})
	old := p.Swap(&Config{Name: "b"})
	fmt.Println(old.Name, p.Load().Name)
	ok := p.CompareAndSwap(old, &Config{Name: "c"})
	fmt.Println(ok, p.Load().Name)
	var m sync.Map
	m.Store("k", 1)
	act, loaded := m.LoadOrStore("k", 2)
	fmt.Println(act, loaded)
	m.Clear()
	_, ok = m.Load("k")
	fmt.Println(ok)
}
