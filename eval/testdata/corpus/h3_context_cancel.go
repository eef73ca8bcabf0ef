package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

func produce(ctx context.Context, out chan<- int) error {
	defer close(out)
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case out <- i:
		}
	}
}

type ctxKey struct{}

func handler(ctx context.Context) string {
	if v, ok := ctx.Value(ctxKey{}).(string); ok {
		return "user=" + v
	}
	return "anonymous"
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan int)
	var err error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		err = produce(ctx, ch)
	}()
	sum := 0
	for v := range ch {
		sum += v
		if v == 9 {
			cancel()
			break
		}
	}
	for range ch {
	}
	wg.Wait()
	fmt.Println(sum, err, errors.Is(err, context.Canceled))

	tctx, tcancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer tcancel()
	select {
	case <-tctx.Done():
		fmt.Println("deadline:", tctx.Err(), errors.Is(tctx.Err(), context.DeadlineExceeded))
	case <-time.After(2 * time.Second):
		fmt.Println("too slow")
	}
	_, has := tctx.Deadline()
	fmt.Println("has deadline", has)

	vctx := context.WithValue(context.Background(), ctxKey{}, "ada")
	fmt.Println(handler(vctx), handler(context.Background()))
	child, ccancel := context.WithCancel(vctx)
	fmt.Println(handler(child))
	ccancel()
	ccancel()
	fmt.Println(child.Err(), vctx.Err())

	cause := errors.New("quota exhausted")
	cctx, ccf := context.WithCancelCause(context.Background())
	ccf(cause)
	fmt.Println(cctx.Err(), context.Cause(cctx))
	after := context.AfterFunc(cctx, func() {})
	fmt.Println(after())
}
