package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	jobs := make(chan int, 20)
	results := make(chan [2]int, 20)
	var wg sync.WaitGroup
	for w := 1; w <= 3; w++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			for j := range jobs {
				results <- [2]int{j, j * j}
			}
		}(w)
	}
	for i := 1; i <= 10; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	close(results)
	var out [][2]int
	for r := range results {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	fmt.Println(out)
}
