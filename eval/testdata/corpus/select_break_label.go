// break L inside select leaves the labelled loop.
package main

import (
	"fmt"
	"time"
)

func main() {
	data := make(chan string)
	done := make(chan struct{})
	go func() {
		for _, s := range []string{"a", "b", "c"} {
			data <- s
		}
		close(done)
	}()
	var got []string
loop:
	for {
		select {
		case s := <-data:
			got = append(got, s)
		case <-done:
			break loop
		case <-time.After(5 * time.Second):
			fmt.Println("timeout")
			break loop
		}
	}
	fmt.Println(got)
	count := 0
outer:
	for i := 0; i < 3; i++ {
		for {
			select {
			default:
				count++
				if count%2 == 0 {
					continue outer
				}
			}
		}
	}
	fmt.Println("count", count)
}
