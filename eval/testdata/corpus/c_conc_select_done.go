package main

import (
	"fmt"
)

func producer(name string, n int, out chan<- string, done <-chan struct{}) {
	for i := range n {
		select {
		case out <- fmt.Sprintf("%s%d", name, i):
		case <-done:
			return
		}
	}
}

func main() {
	a := make(chan string)
	done := make(chan struct{})
	go producer("a", 100, a, done)
	for range 3 {
		fmt.Println(<-a)
	}
	close(done)
	ready := make(chan int, 1)
	select {
	case v := <-ready:
		fmt.Println("got", v)
	default:
		fmt.Println("nothing ready")
	}
	ready <- 7
	select {
	case v := <-ready:
		fmt.Println("got", v)
	default:
		fmt.Println("nothing ready")
	}
	var nilCh chan int
	full := make(chan int, 1)
	full <- 1
	select {
	case nilCh <- 1:
		fmt.Println("impossible")
	case full <- 2:
		fmt.Println("impossible too")
	default:
		fmt.Println("both blocked")
	}
	results := make(chan int)
	quit := make(chan bool)
	go func() {
		for i := 1; i <= 3; i++ {
			results <- i * i
		}
		quit <- true
	}()
	sum := 0
	for loop := true; loop; {
		select {
		case r := <-results:
			sum += r
		case <-quit:
			loop = false
		}
	}
	fmt.Println("sum", sum)
}
