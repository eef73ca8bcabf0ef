package main

import (
	"fmt"
)

func main() {
	data := make(chan int)
	quit := make(chan struct{})
	go func() {
		for i := range 5 {
			data <- i
		}
		close(quit)
	}()
	sum := 0
	for {
		select {
		case v := <-data:
			sum += v
			continue
		case <-quit:
		}
		break
	}
	fmt.Println("sum", sum)
	results := make(chan string, 2)
	results <- "a"
	results <- "b"
	for range 3 {
		select {
		case r := <-results:
			fmt.Println(r)
		default:
			fmt.Println("empty")
		}
	}
}
