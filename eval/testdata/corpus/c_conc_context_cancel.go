package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

func search(ctx context.Context, id int, items []int, target int, found chan<- string) {
	for i, v := range items {
		select {
		case <-ctx.Done():
			return
		default:
		}
		if v == target {
			select {
			case found <- fmt.Sprintf("worker %d found %d at %d", id, target, i):
			case <-ctx.Done():
			}
			return
		}
	}
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	found := make(chan string)
	var wg sync.WaitGroup
	parts := [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	for i, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			search(ctx, i, p, 8, found)
		}()
	}
	fmt.Println(<-found)
	cancel()
	wg.Wait()
	fmt.Println("err:", ctx.Err(), errors.Is(ctx.Err(), context.Canceled))
	cause := errors.New("shutting down")
	ctx2, cancel2 := context.WithCancelCause(context.Background())
	cancel2(cause)
	<-ctx2.Done()
	fmt.Println(ctx2.Err(), context.Cause(ctx2))
	ctx3, cancel3 := context.WithTimeout(context.Background(), 0)
	defer cancel3()
	<-ctx3.Done()
	fmt.Println(ctx3.Err(), errors.Is(ctx3.Err(), context.DeadlineExceeded))
	parent, pc := context.WithCancel(context.Background())
	child, cc := context.WithCancel(parent)
	defer cc()
	pc()
	<-child.Done()
	fmt.Println("child:", child.Err())
	stop := context.AfterFunc(ctx, func() {})
	fmt.Println("afterfunc stopped:", stop())
}
