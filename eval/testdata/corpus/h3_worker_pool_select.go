package main

import (
	"fmt"
	"sort"
	"sync"
	"time"
)

type job struct {
	id   int
	text string
}

type result struct {
	id     int
	length int
}

func worker(jobs <-chan job, results chan<- result, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		results <- result{j.id, len(j.text)}
	}
}

func main() {
	jobs := make(chan job)
	results := make(chan result, 10)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go worker(jobs, results, &wg)
	}
	go func() {
		for i, t := range []string{"alpha", "be", "gamma!", "d"} {
			jobs <- job{i, t}
		}
		close(jobs)
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	var rs []result
	for r := range results {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].id < rs[j].id })
	fmt.Println(rs)

	slow := make(chan string)
	release := make(chan struct{}) // the sender waits for the timeout: no race between timers
	go func() {
		<-release
		slow <- "late"
	}()
	select {
	case v := <-slow:
		fmt.Println("got", v)
	case <-time.After(20 * time.Millisecond):
		fmt.Println("timeout")
	}
	close(release)
	fmt.Println("then", <-slow)

	done := make(chan struct{})
	ticks := 0
	var once sync.Once
	for i := 0; i < 3; i++ {
		once.Do(func() { close(done) })
	}
	select {
	case <-done:
		ticks++
	default:
		ticks--
	}
	fmt.Println("ticks", ticks)

	var nilCh chan int
	select {
	case v := <-nilCh:
		fmt.Println("impossible", v)
	default:
		fmt.Println("nil channel blocks")
	}
	buf := make(chan int, 2)
	buf <- 1
	buf <- 2
	select {
	case buf <- 3:
		fmt.Println("sent")
	default:
		fmt.Println("full", len(buf), cap(buf))
	}
	close(buf)
	v1, ok1 := <-buf
	<-buf
	v3, ok3 := <-buf
	fmt.Println(v1, ok1, v3, ok3)
}
