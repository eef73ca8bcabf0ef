package main

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"
)

type Job struct {
	ID int
	N  int
}

type Result struct {
	JobID int
	Sq    int
}

func worker(ctx context.Context, jobs <-chan Job, results chan<- Result, wg *sync.WaitGroup) {
	defer wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case j, ok := <-jobs:
			if !ok {
				return
			}
			results <- Result{j.ID, j.N * j.N}
		}
	}
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	jobs := make(chan Job)
	results := make(chan Result, 10)
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go worker(ctx, jobs, results, &wg)
	}
	for i := 1; i <= 6; i++ {
		jobs <- Job{i, i + 1}
	}
	close(jobs)
	wg.Wait()
	close(results)
	var rs []Result
	for r := range results {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].JobID < rs[j].JobID })
	fmt.Println(rs)
	tctx, tcancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer tcancel()
	<-tctx.Done()
	fmt.Println(tctx.Err(), errors.Is(tctx.Err(), context.DeadlineExceeded))
	cctx, ccancel := context.WithCancelCause(context.Background())
	ccancel(errors.New("shutdown"))
	fmt.Println(cctx.Err(), context.Cause(cctx))
	var once sync.Once
	for range 3 {
		once.Do(func() { fmt.Println("once") })
	}
	var rw sync.RWMutex
	rw.RLock()
	rw.RUnlock()
	ticker := time.NewTicker(time.Millisecond)
	n := 0
	for range ticker.C {
		n++
		if n == 3 {
			ticker.Stop()
			break
		}
	}
	fmt.Println("ticks", n)
}
