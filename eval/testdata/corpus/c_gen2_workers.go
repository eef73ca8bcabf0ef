package main

import (
	"fmt"
	"sort"
	"sync"
)

type Result[T any] struct {
	In  int
	Out T
}

func ParallelMap[T any](inputs []int, workers int, f func(int) T) []Result[T] {
	jobs := make(chan int)
	results := make(chan Result[T], len(inputs))
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for in := range jobs {
				results <- Result[T]{in, f(in)}
			}
		}()
	}
	for _, in := range inputs {
		jobs <- in
	}
	close(jobs)
	wg.Wait()
	close(results)
	var out []Result[T]
	for r := range results {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].In < out[j].In })
	return out
}

type SafeMap[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

func (s *SafeMap[K, V]) Set(k K, v V) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = make(map[K]V)
	}
	s.m[k] = v
}

func (s *SafeMap[K, V]) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}

func main() {
	sq := ParallelMap([]int{1, 2, 3, 4, 5}, 3, func(n int) int { return n * n })
	fmt.Println(sq)
	labels := ParallelMap([]int{2, 1}, 2, func(n int) string { return fmt.Sprint("#", n) })
	fmt.Printf("%+v\n", labels)
	var sm SafeMap[string, int]
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			sm.Set(fmt.Sprint("k", i%7), i)
		}(i)
	}
	wg.Wait()
	fmt.Println(sm.Len())
}
