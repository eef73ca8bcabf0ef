package main

import (
	"errors"
	"fmt"
	"sync"
)

type result struct {
	idx int
	val int
	err error
}

func process(n int) (int, error) {
	if n%7 == 0 {
		return 0, fmt.Errorf("item %d: %w", n, errors.New("divisible by 7"))
	}
	return n * n, nil
}

func main() {
	items := []int{3, 7, 10, 14, 5, 6}
	sem := make(chan struct{}, 2)
	out := make([]result, len(items))
	var wg sync.WaitGroup
	var active, peak int
	var mu sync.Mutex
	for i, it := range items {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			mu.Lock()
			active++
			peak = max(peak, active)
			mu.Unlock()
			v, err := process(it)
			out[i] = result{i, v, err}
			mu.Lock()
			active--
			mu.Unlock()
		}()
	}
	wg.Wait()
	var errs []error
	for _, r := range out {
		if r.err != nil {
			errs = append(errs, r.err)
			continue
		}
		fmt.Println(r.idx, r.val)
	}
	fmt.Println(errors.Join(errs...))
	fmt.Println("peak <= 2:", peak <= 2, "active:", active)
}
