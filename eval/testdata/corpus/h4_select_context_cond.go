package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

func worker(ctx context.Context, id int, out chan<- string) {
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			out <- fmt.Sprintf("worker %d stopped: %v", id, ctx.Err())
			return
		case <-time.After(time.Duration(id) * time.Millisecond):
		}
	}
}

type Queue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []int
}

func NewQueue() *Queue {
	q := &Queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *Queue) Put(v int) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *Queue) Get() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	v := q.items[0]
	q.items = q.items[1:]
	return v
}

func main() {
	c1 := make(chan string)
	c2 := make(chan string)
	oneReceived := make(chan struct{}) // "two" is sent only after "one" arrived: no timing race
	go func() {
		time.Sleep(20 * time.Millisecond)
		c1 <- "one"
	}()
	go func() {
		<-oneReceived
		c2 <- "two"
	}()
	for i := 0; i < 2; i++ {
		select {
		case msg1 := <-c1:
			fmt.Println("received", msg1)
			close(oneReceived)
		case msg2 := <-c2:
			fmt.Println("received", msg2)
		}
	}
	c3 := make(chan string, 1)
	timedOut := make(chan struct{})
	go func() {
		<-timedOut // the result comes only after the timeout fired
		c3 <- "result 1"
	}()
	select {
	case res := <-c3:
		fmt.Println(res)
	case <-time.After(20 * time.Millisecond):
		fmt.Println("timeout 1")
	}
	close(timedOut)
	messages := make(chan string)
	select {
	case msg := <-messages:
		fmt.Println("received message", msg)
	default:
		fmt.Println("no message received")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	out := make(chan string)
	go worker(ctx, 1, out)
	fmt.Println(<-out)
	fmt.Println(errors.Is(ctx.Err(), context.DeadlineExceeded), context.Cause(ctx))
	ctx2, cancel2 := context.WithCancelCause(context.Background())
	cancel2(errors.New("shutdown"))
	<-ctx2.Done()
	fmt.Println(ctx2.Err(), context.Cause(ctx2))
	type key string
	ctx3 := context.WithValue(context.Background(), key("user"), "ann")
	fmt.Println(ctx3.Value(key("user")), ctx3.Value("user"))
	q := NewQueue()
	var wg sync.WaitGroup
	sum := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 5; i++ {
			sum += q.Get()
		}
	}()
	for i := 1; i <= 5; i++ {
		q.Put(i * 10)
	}
	wg.Wait()
	fmt.Println("sum", sum)
	ticker := time.NewTicker(5 * time.Millisecond)
	n := 0
	for range ticker.C {
		n++
		if n == 3 {
			ticker.Stop()
			break
		}
	}
	fmt.Println("ticks", n)
	timer := time.NewTimer(time.Hour)
	fmt.Println("stopped", timer.Stop())
	done := make(chan struct{})
	results := make([]int, 4)
	var mu sync.Mutex
	for i := range 4 {
		go func() {
			mu.Lock()
			results[i] = i * i
			mu.Unlock()
			done <- struct{}{}
		}()
	}
	for range 4 {
		<-done
	}
	fmt.Println(results)
	sem := make(chan struct{}, 2)
	var active, maxActive int
	var m2 sync.Mutex
	var wg2 sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			sem <- struct{}{}
			m2.Lock()
			active++
			if active > maxActive {
				maxActive = active
			}
			m2.Unlock()
			time.Sleep(2 * time.Millisecond)
			m2.Lock()
			active--
			m2.Unlock()
			<-sem
		}()
	}
	wg2.Wait()
	fmt.Println("max concurrent <= 2:", maxActive <= 2)
	gen := func(ctx context.Context) <-chan int {
		ch := make(chan int)
		go func() {
			defer close(ch)
			for i := 0; ; i++ {
				select {
				case ch <- i:
				case <-ctx.Done():
					return
				}
			}
		}()
		return ch
	}
	ctx4, cancel4 := context.WithCancel(context.Background())
	for v := range gen(ctx4) {
		if v == 5 {
			cancel4()
			break
		}
		fmt.Print(v, " ")
	}
	fmt.Println()
}
