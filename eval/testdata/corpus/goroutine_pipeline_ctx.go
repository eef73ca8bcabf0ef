// A cancellable generator: the consumer stops early and the producer exits cleanly.
package main

import (
	"context"
	"fmt"
	"sync"
)

func numbers(ctx context.Context, wg *sync.WaitGroup) <-chan int {
	out := make(chan int)
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(out)
		for i := 1; ; i++ {
			select {
			case out <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	sum := 0
	for n := range numbers(ctx, &wg) {
		sum += n
		if n == 10 {
			break
		}
	}
	cancel()
	wg.Wait()
	fmt.Println("sum", sum, ctx.Err())
}
