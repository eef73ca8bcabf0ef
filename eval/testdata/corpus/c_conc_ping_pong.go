package main

import (
	"fmt"
	"sync"
)

type Ball struct{ hits int }

func player(name string, table chan *Ball, done chan<- string, wg *sync.WaitGroup) {
	defer wg.Done()
	for {
		ball, ok := <-table
		if !ok {
			return
		}
		ball.hits++
		fmt.Println(name, ball.hits)
		if ball.hits == 6 {
			done <- name
			return
		}
		table <- ball
	}
}

func main() {
	table := make(chan *Ball)
	done := make(chan string, 1)
	var wg sync.WaitGroup
	wg.Add(2)
	go player("ping", table, done, &wg)
	table <- new(Ball)
	go player("pong", table, done, &wg)
	winner := <-done
	close(table)
	wg.Wait()
	fmt.Println("last hit by", winner)
	var once sync.Once
	ch := make(chan int)
	go func() {
		defer close(ch)
		for i := range 3 {
			ch <- i
		}
	}()
	for v := range ch {
		once.Do(func() { fmt.Println("first value", v) })
	}
	v, ok := <-ch
	fmt.Println(v, ok, len(ch), cap(ch))
}
