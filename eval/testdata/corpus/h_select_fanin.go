package main

import (
	"fmt"
	"sort"
	"time"
)

func producer(name string, n int, delay time.Duration) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		for i := 0; i < n; i++ {
			time.Sleep(delay)
			ch <- fmt.Sprintf("%s%d", name, i)
		}
	}()
	return ch
}

func main() {
	a := producer("a", 3, time.Millisecond)
	b := producer("b", 2, 2*time.Millisecond)
	var got []string
	for a != nil || b != nil {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				continue
			}
			got = append(got, v)
		case v, ok := <-b:
			if !ok {
				b = nil
				continue
			}
			got = append(got, v)
		}
	}
	sort.Strings(got)
	fmt.Println(got)
	quit := make(chan bool)
	data := make(chan int)
	go func() {
		for i := 1; i <= 3; i++ {
			data <- i
		}
		quit <- true
	}()
	sum := 0
loop:
	for {
		select {
		case v := <-data:
			sum += v
		case <-quit:
			break loop
		}
	}
	fmt.Println("sum", sum)
	timeout := time.After(3 * time.Second)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	ticks := 0
	for ticks < 3 {
		select {
		case <-tick.C:
			ticks++
		case <-timeout:
			fmt.Println("timeout")
			return
		}
	}
	fmt.Println("ticks", ticks)
	buf := make(chan int, 3)
	for i := 0; i < 5; i++ {
		select {
		case buf <- i:
		default:
			fmt.Println("full at", i)
		}
	}
	close(buf)
	for v := range buf {
		fmt.Print(v)
	}
	fmt.Println(len(buf), cap(buf))
}
