package main

import (
	"fmt"
	"sync"
)

func protect(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: %v\n", name, r)
		}
	}()
	f()
	fmt.Printf("%s: ok\n", name)
}

func main() {
	ch := make(chan int, 2)
	ch <- 1
	close(ch)
	protect("send on closed", func() { ch <- 2 })
	protect("close twice", func() { close(ch) })
	protect("receive closed", func() {
		v, ok := <-ch
		fmt.Println(" got", v, ok)
		v, ok = <-ch
		fmt.Println(" got", v, ok)
	})
	var nilCh chan int
	protect("close nil", func() { close(nilCh) })
	protect("negative make", func() { n := -1; _ = make([]int, n) })
	var mu sync.Mutex
	protect("deferred in panic", func() { defer func() { fmt.Println(" deferred runs") }(); panic("manual") })
	mu.Lock()
	mu.Unlock()
	var wg sync.WaitGroup
	protect("negative waitgroup", func() { wg.Add(-1) })
}
