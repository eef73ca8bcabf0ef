package main

import (
	"fmt"
	"sync"
)

func main() {
	calls := 0
	config := sync.OnceValue(func() map[string]int {
		calls++
		return map[string]int{"workers": 4}
	})
	fmt.Println(config()["workers"], config()["workers"], calls)

	parse := sync.OnceValues(func() (int, error) {
		calls++
		return 42, nil
	})
	v, err := parse()
	v2, _ := parse()
	fmt.Println(v, v2, err, calls)

	hello := sync.OnceFunc(func() { fmt.Println("hello once") })
	for range 3 {
		hello()
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for i := range 10 {
		wg.Go(func() {
			mu.Lock()
			total += i
			mu.Unlock()
		})
	}
	wg.Wait()
	fmt.Println("total", total)
}
