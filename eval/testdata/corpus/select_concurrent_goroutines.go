// One select statement run by eight goroutines at once, each on channels of its own beside
// nil ones: every value received and sent is the goroutine's own, in order (yaegi patch 97).
package main

import (
	"fmt"
	"sync"
)

const workers, rounds = 8, 2000

func work(id int, in, out chan int) (bad int) {
	var none chan int
	for k := 0; k < rounds; k++ {
		v, ok := -1, false
		select {
		case v, ok = <-in:
		case none <- -1:
			panic("sent on a nil channel")
		case v = <-none:
			panic("received from a nil channel")
		}
		if !ok || v != id*1000000+k {
			bad++
		}
		select {
		case v = <-none:
			panic("received from a nil channel")
		case out <- id*1000000 + k:
		case none <- -1:
			panic("sent on a nil channel")
		}
	}
	return bad
}

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	bad := 0
	outs := make([]chan int, workers+1)
	for id := 1; id <= workers; id++ {
		in := make(chan int, rounds)
		for k := 0; k < rounds; k++ {
			in <- id*1000000 + k
		}
		close(in)
		outs[id] = make(chan int, workers*rounds)
		wg.Add(1)
		go func(id int, in, out chan int) {
			defer wg.Done()
			n := work(id, in, out)
			mu.Lock()
			bad += n
			mu.Unlock()
		}(id, in, outs[id])
	}
	wg.Wait()
	for id := 1; id <= workers; id++ {
		close(outs[id])
		k := 0
		for v := range outs[id] {
			if v != id*1000000+k {
				bad++
			}
			k++
		}
		if k != rounds {
			bad++
		}
	}
	fmt.Println("values out of place:", bad)
}
