// A worker pool: jobs fan out to workers, results are collected and sorted.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type result struct {
	job, value int
}

func worker(jobs <-chan int, results chan<- result, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		results <- result{j, j * j}
	}
}

func main() {
	jobs := make(chan int, 10)
	results := make(chan result, 10)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go worker(jobs, results, &wg)
	}
	for j := 1; j <= 9; j++ {
		jobs <- j
	}
	close(jobs)
	go func() {
		wg.Wait()
		close(results)
	}()
	var all []result
	for r := range results {
		all = append(all, r)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].job < all[j].job })
	fmt.Println(all)
}
