package main

import (
	"fmt"
	"sync"
)

func producer(name string, n int) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		for i := range n {
			ch <- fmt.Sprintf("%s%d", name, i)
		}
	}()
	return ch
}

func merge(chs ...<-chan string) <-chan string {
	out := make(chan string)
	var wg sync.WaitGroup
	for _, c := range chs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range c {
				out <- v
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

func main() {
	count := map[byte]int{}
	for v := range merge(producer("a", 5), producer("b", 3), producer("c", 4)) {
		count[v[0]]++
	}
	fmt.Println(count['a'], count['b'], count['c'])
}
