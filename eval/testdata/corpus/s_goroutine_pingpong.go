package main

import (
	"fmt"
)

func main() {
	ping, pong := make(chan int), make(chan int)
	done := make(chan bool)
	go func() {
		for v := range ping {
			pong <- v + 1
		}
		close(pong)
	}()
	go func() {
		total := 0
		for v := range pong {
			total += v
		}
		fmt.Println("total", total)
		done <- true
	}()
	for i := range 5 {
		ping <- i * 10
	}
	close(ping)
	<-done
}
