package main

import (
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
)

type result struct {
	idx int
	out string
}

var (
	once   sync.Once
	config map[string]string
	loads  atomic.Int32
)

func getConfig() map[string]string {
	once.Do(func() {
		loads.Add(1)
		config = map[string]string{"env": "test"}
	})
	return config
}

func process(i int) (string, error) {
	if i == 3 {
		return "", fmt.Errorf("item %d: %w", i, errBad)
	}
	return fmt.Sprintf("item-%d", i*i), nil
}

var errBad = errors.New("bad item")

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg.Go(func() { _ = getConfig() })
	}
	wg.Wait()
	fmt.Println(getConfig()["env"], loads.Load())

	var counter atomic.Int64
	var plain int64
	var mu sync.Mutex
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			counter.Add(int64(i))
			mu.Lock()
			plain += int64(i)
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(counter.Load(), plain)

	jobs := make(chan int)
	results := make(chan result)
	var workers sync.WaitGroup
	for w := 0; w < 3; w++ {
		workers.Go(func() {
			for j := range jobs {
				out, err := process(j)
				if err != nil {
					out = "ERR " + err.Error()
				}
				results <- result{j, out}
			}
		})
	}
	go func() {
		for i := 0; i < 6; i++ {
			jobs <- i
		}
		close(jobs)
	}()
	go func() { workers.Wait(); close(results) }()
	var all []result
	for r := range results {
		all = append(all, r)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].idx < all[j].idx })
	for _, r := range all {
		fmt.Println(r.idx, r.out)
	}

	// errgroup-style: first error wins
	var firstErr error
	var errOnce sync.Once
	outs := make([]string, 5)
	for i := range outs {
		wg.Go(func() {
			s, err := process(i)
			if err != nil {
				errOnce.Do(func() { firstErr = err })
				return
			}
			outs[i] = s
		})
	}
	wg.Wait()
	fmt.Println(firstErr, errors.Is(firstErr, errBad), outs)

	var flag atomic.Bool
	fmt.Println(flag.CompareAndSwap(false, true), flag.CompareAndSwap(false, true), flag.Load())
	var v atomic.Value
	v.Store([]int{1, 2})
	fmt.Println(v.Load().([]int))
	var u atomic.Uint32
	u.Store(1)
	fmt.Println(u.Add(^uint32(0)), u.Swap(7), u.Load())
	var m sync.Map
	m.Store("a", 1)
	m.Store("b", 2)
	act, loaded := m.LoadOrStore("a", 9)
	fmt.Println(act, loaded)
	n := 0
	m.Range(func(k, v any) bool { n += v.(int); return true })
	fmt.Println(n)
	rw := sync.RWMutex{}
	rw.RLock()
	rw.RLock()
	fmt.Println(rw.TryLock())
	rw.RUnlock()
	rw.RUnlock()
	fmt.Println(rw.TryLock())
}
