package main

import (
	"fmt"
	"sort"
	"sync"
)

func gen(nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for _, n := range nums {
			out <- n
		}
	}()
	return out
}

func square(in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for n := range in {
			out <- n * n
		}
	}()
	return out
}

func merge(cs ...<-chan int) <-chan int {
	var wg sync.WaitGroup
	out := make(chan int, 10)
	wg.Add(len(cs))
	for _, c := range cs {
		go func(c <-chan int) {
			defer wg.Done()
			for v := range c {
				out <- v
			}
		}(c)
	}
	go func() { wg.Wait(); close(out) }()
	return out
}

func main() {
	src := gen(1, 2, 3, 4, 5, 6)
	a, b, c := square(src), square(src), square(src)
	var got []int
	for v := range merge(a, b, c) {
		got = append(got, v)
	}
	sort.Ints(got)
	fmt.Println(got)
	var mu sync.Mutex
	total := 0
	var wg sync.WaitGroup
	for i := 1; i <= 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			total += i
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println("total", total)
	done := make(chan struct{})
	results := make(chan string, 3)
	go func() {
		for i := 0; i < 3; i++ {
			results <- fmt.Sprint("job", i)
		}
		close(done)
	}()
	<-done
	close(results)
	for r := range results {
		fmt.Println(r)
	}
}
