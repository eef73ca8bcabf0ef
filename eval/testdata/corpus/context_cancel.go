// context cancellation stops a goroutine.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

func worker(ctx context.Context, out chan<- int) {
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			close(out)
			return
		case out <- i:
		}
	}
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	out := make(chan int)
	go worker(ctx, out)
	sum := 0
	for v := range out {
		sum += v
		if v == 4 {
			cancel()
			break
		}
	}
	fmt.Println("sum", sum)
	tctx, tcancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer tcancel()
	<-tctx.Done()
	fmt.Println(tctx.Err(), errors.Is(tctx.Err(), context.DeadlineExceeded))
	vctx := context.WithValue(context.Background(), "user", "ann")
	fmt.Println(vctx.Value("user"))
}
