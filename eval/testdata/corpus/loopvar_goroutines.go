// Go 1.22 loop variables captured by goroutines.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	results := make([]int, 5)
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = i * i
		}()
	}
	wg.Wait()
	fmt.Println(results)
	var mu sync.Mutex
	seen := map[string]int{}
	for _, name := range []string{"a", "b", "c"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			seen[name]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(seen)
}
