// Goroutines returning results through a channel per task, collected in order.
package main

import (
	"fmt"
	"strings"
)

func main() {
	words := []string{"alpha", "beta", "gamma"}
	chans := make([]chan string, len(words))
	for i, w := range words {
		chans[i] = make(chan string, 1)
		go func() {
			chans[i] <- strings.ToUpper(w)
		}()
	}
	for _, c := range chans {
		fmt.Println(<-c)
	}
	results := make(chan int)
	go func() {
		defer close(results)
		for i := range 3 {
			results <- i * 100
		}
	}()
	for r := range results {
		fmt.Println(r)
	}
}
