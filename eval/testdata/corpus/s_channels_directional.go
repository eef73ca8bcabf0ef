package main

import (
	"fmt"
)

func produce(out chan<- int, n int) {
	for i := range n {
		out <- i
	}
	close(out)
}

func consume(in <-chan int, done chan<- int) {
	s := 0
	for v := range in {
		s += v
	}
	done <- s
}

func main() {
	ch := make(chan int, 4)
	done := make(chan int)
	go produce(ch, 10)
	go consume(ch, done)
	fmt.Println(<-done)
}
