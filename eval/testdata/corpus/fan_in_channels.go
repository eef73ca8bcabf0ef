// Fan-in from a slice of channels, ranging over the channels and their values.
package main

import (
	"fmt"
	"sort"
	"sync"
)

func producer(id, n int) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		for i := range n {
			ch <- fmt.Sprintf("p%d-%d", id, i)
		}
	}()
	return ch
}

func merge(chans []<-chan string) <-chan string {
	out := make(chan string)
	var wg sync.WaitGroup
	for _, c := range chans {
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
	var chans []<-chan string
	for id := range 3 {
		chans = append(chans, producer(id, id+1))
	}
	var got []string
	for v := range merge(chans) {
		got = append(got, v)
	}
	sort.Strings(got)
	fmt.Println(len(got), got)
}
