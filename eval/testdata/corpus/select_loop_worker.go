// A select loop that multiplexes channels, counts with continue, and stops with break L.
package main

import "fmt"

func main() {
	nums := make(chan int)
	words := make(chan string)
	quit := make(chan struct{})
	go func() {
		for i := 1; i <= 4; i++ {
			nums <- i
		}
		words <- "go"
		close(quit)
	}()
	evens, odds := 0, 0
	var got []string
recv:
	for {
		select {
		case n := <-nums:
			if n%2 == 0 {
				evens++
				continue recv
			}
			odds++
		case w := <-words:
			got = append(got, w)
			continue
		case <-quit:
			break recv
		}
		fmt.Println("after select", evens, odds)
	}
	fmt.Println(evens, odds, got)
}
