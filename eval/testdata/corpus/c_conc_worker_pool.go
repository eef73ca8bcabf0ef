package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

type Job struct {
	ID   int
	Text string
}

type Result struct {
	JobID int
	Words int
	By    int
}

func worker(id int, jobs <-chan Job, results chan<- Result, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		results <- Result{j.ID, len(strings.Fields(j.Text)), id}
	}
}

func main() {
	texts := []string{"the quick brown fox", "jumps over", "the lazy dog", "", "go go go go go"}
	jobs := make(chan Job)
	results := make(chan Result, len(texts))
	var wg sync.WaitGroup
	for w := 1; w <= 3; w++ {
		wg.Add(1)
		go worker(w, jobs, results, &wg)
	}
	for i, t := range texts {
		jobs <- Job{i, t}
	}
	close(jobs)
	go func() {
		wg.Wait()
		close(results)
	}()
	var all []Result
	workers := map[int]bool{}
	for r := range results {
		all = append(all, r)
		workers[r.By] = true
	}
	sort.Slice(all, func(i, j int) bool { return all[i].JobID < all[j].JobID })
	total := 0
	for _, r := range all {
		fmt.Printf("job %d: %d words\n", r.JobID, r.Words)
		total += r.Words
	}
	fmt.Println("total", total, "results", len(all), "some worker used:", len(workers) >= 1)
}
