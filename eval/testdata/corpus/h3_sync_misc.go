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

type Registry struct {
	mu    sync.Mutex
	items map[string]int
	once  sync.Once
}

func (r *Registry) init() {
	r.once.Do(func() {
		fmt.Println("init once")
		r.items = map[string]int{}
	})
}

func (r *Registry) Add(name string) int {
	r.init()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.items[name]++
	return r.items[name]
}

func main() {
	var sm sync.Map
	var wg sync.WaitGroup
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sm.Store(fmt.Sprintf("k%d", i), i*i)
		}()
	}
	wg.Wait()
	v, ok := sm.Load("k3")
	fmt.Println(v, ok)
	actual, loaded := sm.LoadOrStore("k3", 100)
	fmt.Println(actual, loaded)
	actual, loaded = sm.LoadOrStore("new", 7)
	fmt.Println(actual, loaded)
	sm.Delete("k0")
	var keys []string
	sm.Range(func(k, v any) bool {
		keys = append(keys, k.(string))
		return true
	})
	sort.Strings(keys)
	fmt.Println(keys)

	var cfg atomic.Value
	cfg.Store(Config{"a", 1})
	c := cfg.Load().(Config)
	c.Retries = 5
	fmt.Println(cfg.Load().(Config).Retries, c.Retries)
	cfg.Store(Config{"b", 2})
	fmt.Println(cfg.Load())

	var counter atomic.Int64
	var hits [4]atomic.Int32
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			counter.Add(int64(i))
			hits[i%4].Add(1)
		}()
	}
	wg.Wait()
	fmt.Println(counter.Load(), hits[0].Load(), hits[3].Load())

	r := &Registry{}
	for _, n := range []string{"a", "b", "a"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.Add(n)
		}()
	}
	wg.Wait()
	fmt.Println(r.Add("a"), len(r.items))
	results := make([]int, 5)
	for i := range results {
		wg.Add(1)
		go func(slot *int) {
			defer wg.Done()
			*slot = i * 10
		}(&results[i])
	}
	wg.Wait()
	fmt.Println(results)
	var rw sync.RWMutex
	shared := 0
	for i := 0; i < 3; i++ {
		wg.Add(2)
		go func() { defer wg.Done(); rw.Lock(); shared += 2; rw.Unlock() }()
		go func() { defer wg.Done(); rw.RLock(); _ = shared; rw.RUnlock() }()
	}
	wg.Wait()
	fmt.Println(shared)
}
