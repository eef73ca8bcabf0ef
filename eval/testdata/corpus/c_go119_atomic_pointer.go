package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Config struct {
	Version int
	Flags   []string
}

type Stats struct {
	requests atomic.Int64
	errors   atomic.Int32
	up       atomic.Bool
	cfg      atomic.Pointer[Config]
}

func main() {
	var s Stats
	fmt.Println(s.cfg.Load() == nil)
	s.cfg.Store(&Config{1, []string{"a"}})
	s.up.Store(true)
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.requests.Add(2)
			if i%10 == 0 {
				s.errors.Add(1)
			}
		}()
	}
	wg.Wait()
	fmt.Println(s.requests.Load(), s.errors.Load(), s.up.Load())
	old := s.cfg.Swap(&Config{2, nil})
	fmt.Printf("%+v %+v\n", *old, *s.cfg.Load())
	cur := s.cfg.Load()
	fmt.Println(s.cfg.CompareAndSwap(old, &Config{Version: 99}), s.cfg.Load().Version)
	fmt.Println(s.cfg.CompareAndSwap(cur, &Config{Version: 3}), s.cfg.Load().Version)
	var v atomic.Value
	v.Store("first")
	fmt.Println(v.Load(), v.CompareAndSwap("first", "second"), v.Load())
	var u atomic.Uint32
	u.Store(1)
	fmt.Println(u.Add(^uint32(0)), u.CompareAndSwap(0, 5), u.Load())
	var n int64
	atomic.AddInt64(&n, 5)
	fmt.Println(atomic.LoadInt64(&n), atomic.SwapInt64(&n, 1), n)
}
