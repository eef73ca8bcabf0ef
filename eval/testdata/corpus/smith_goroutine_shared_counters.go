// Goroutines started in a loop that add to a total declared in an enclosing loop's body,
// under a mutex of that body, and call pointer methods on a value of it; deferred
// closures in a loop whose body changes the loop variable after the defer.
package main

import (
	"fmt"
	"sync"
)

type Stats struct {
	count, sum int
}

func (s *Stats) Add(v int) {
	s.count++
	s.sum += v
}

func main() {
	for batch := range 3 {
		var wg sync.WaitGroup
		var mu sync.Mutex
		total := 0
		var st Stats
		for k := range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				mu.Lock()
				defer mu.Unlock()
				total += k * (batch + 1)
				st.Add(k)
			}()
		}
		wg.Wait()
		fmt.Println("batch", batch, "total", total, "stats", st.count, st.sum)
	}
	for i := 0; i < 4; i++ {
		defer func() { fmt.Println("deferred", i) }()
		i++
	}
}
