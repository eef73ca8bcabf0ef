package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

func worker(ctx context.Context, jobs <-chan int, out chan<- int) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case j, ok := <-jobs:
			if !ok {
				return nil
			}
			out <- j * 10
		}
	}
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	jobs := make(chan int)
	out := make(chan int, 10)
	errc := make(chan error, 1)
	go func() { errc <- worker(ctx, jobs, out) }()
	for i := 1; i <= 3; i++ {
		jobs <- i
	}
	cancel()
	err := <-errc
	fmt.Println(err, errors.Is(err, context.Canceled))
	close(out)
	for v := range out {
		fmt.Print(v, " ")
	}
	fmt.Println()

	ctx2, cancel2 := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel2()
	select {
	case <-ctx2.Done():
		fmt.Println("timeout:", ctx2.Err(), errors.Is(ctx2.Err(), context.DeadlineExceeded))
	case <-time.After(2 * time.Second):
		fmt.Println("too slow")
	}
	ch := make(chan int)
	select {
	case v := <-ch:
		fmt.Println("got", v)
	default:
		fmt.Println("nothing ready")
	}
	var nilch chan int
	select {
	case nilch <- 1:
		fmt.Println("sent")
	case <-time.After(5 * time.Millisecond):
		fmt.Println("nil channel blocks")
	}
	ctx3 := context.WithValue(context.Background(), "k", 1)
	ctx4, c4 := context.WithCancelCause(ctx3)
	c4(errors.New("shutdown"))
	fmt.Println(ctx4.Err(), context.Cause(ctx4), ctx4.Value("k"))
}
