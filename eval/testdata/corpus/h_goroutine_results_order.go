package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

type result struct {
	idx int
	val string
}

func slowUpper(i int, s string) result {
	time.Sleep(time.Duration(5-i) * time.Millisecond)
	b := []byte(s)
	for j := range b {
		if b[j] >= 'a' && b[j] <= 'z' {
			b[j] -= 32
		}
	}
	return result{i, string(b)}
}

func main() {
	words := []string{"alpha", "beta", "gamma", "delta", "eps"}
	out := make([]string, len(words))
	var wg sync.WaitGroup
	for i, w := range words {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := slowUpper(i, w)
			out[r.idx] = r.val
		}()
	}
	wg.Wait()
	fmt.Println(out)
	var ops atomic.Int64
	var hits int32
	sem := make(chan struct{}, 2)
	var wg2 sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg2.Add(1)
		sem <- struct{}{}
		go func(n int) {
			defer func() { <-sem; wg2.Done() }()
			ops.Add(int64(n))
			atomic.AddInt32(&hits, 1)
		}(i)
	}
	wg2.Wait()
	fmt.Println(ops.Load(), atomic.LoadInt32(&hits))
	var once sync.Once
	for i := 0; i < 3; i++ {
		once.Do(func() { fmt.Println("init once", i) })
	}
	var rw sync.RWMutex
	cache := map[int]int{}
	var wg3 sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg3.Add(1)
		go func() {
			defer wg3.Done()
			rw.Lock()
			cache[i%3] += i
			rw.Unlock()
			rw.RLock()
			_ = cache[0]
			rw.RUnlock()
		}()
	}
	wg3.Wait()
	fmt.Println(cache)
	ticker := time.NewTicker(2 * time.Millisecond)
	n := 0
	for range ticker.C {
		n++
		if n == 3 {
			ticker.Stop()
			break
		}
	}
	fmt.Println("ticks", n)
	cond := sync.NewCond(&sync.Mutex{})
	ready := false
	go func() {
		cond.L.Lock()
		ready = true
		cond.L.Unlock()
		cond.Broadcast()
	}()
	cond.L.Lock()
	for !ready {
		cond.Wait()
	}
	cond.L.Unlock()
	fmt.Println("ready", ready)
}
