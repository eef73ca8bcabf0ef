package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Settings struct {
	Level string
	Max   int
}

func main() {
	var cur atomic.Pointer[Settings]
	cur.Store(&Settings{"info", 10})
	var wg sync.WaitGroup
	var reads atomic.Int32
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if s := cur.Load(); s != nil && s.Max > 0 {
				reads.Add(1)
			}
		}()
	}
	wg.Wait()
	old := cur.Swap(&Settings{"debug", 20})
	fmt.Println(old.Level, cur.Load().Level, cur.Load().Max, reads.Load())
}
