package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

func worker(ctx context.Context, id int, jobs <-chan int, out chan<- string, wg *sync.WaitGroup) {
	defer wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case j, ok := <-jobs:
			if !ok {
				return
			}
			out <- fmt.Sprintf("w%d:%d", id, j*j)
		}
	}
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	jobs := make(chan int)
	out := make(chan string, 100)
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go worker(ctx, i, jobs, out, &wg)
	}
	for j := 1; j <= 6; j++ {
		jobs <- j
	}
	close(jobs)
	wg.Wait()
	cancel()
	close(out)
	sum := 0
	for s := range out {
		var w, v int
		fmt.Sscanf(s, "w%d:%d", &w, &v)
		sum += v
	}
	fmt.Println(sum, ctx.Err(), errors.Is(ctx.Err(), context.Canceled))
	tctx, tcancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer tcancel()
	block := make(chan int)
	select {
	case <-block:
		fmt.Println("impossible")
	case <-tctx.Done():
		fmt.Println("timeout:", tctx.Err(), errors.Is(tctx.Err(), context.DeadlineExceeded))
	}
	ch := make(chan int, 1)
	select {
	case v := <-ch:
		fmt.Println(v)
	default:
		fmt.Println("empty")
	}
	ch <- 4
	select {
	case ch <- 5:
		fmt.Println("sent")
	default:
		fmt.Println("full")
	}
	var nilch chan int
	select {
	case <-nilch:
	case v := <-ch:
		fmt.Println("got", v)
	}
	done := make(chan struct{})
	var once sync.Once
	for i := 0; i < 3; i++ {
		once.Do(func() { close(done) })
	}
	_, open := <-done
	fmt.Println(open)
	cctx, ccancel := context.WithCancelCause(context.Background())
	ccancel(errors.New("shutdown"))
	fmt.Println(cctx.Err(), context.Cause(cctx))
}
