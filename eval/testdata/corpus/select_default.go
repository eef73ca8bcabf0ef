// select with default, nil channels and timeouts.
package main

import (
	"fmt"
	"time"
)

func main() {
	ch := make(chan int, 1)
	select {
	case v := <-ch:
		fmt.Println("received", v)
	default:
		fmt.Println("nothing ready")
	}
	ch <- 7
	select {
	case v := <-ch:
		fmt.Println("received", v)
	default:
		fmt.Println("nothing ready")
	}
	var nilch chan int
	select {
	case nilch <- 1:
		fmt.Println("impossible")
	case <-time.After(10 * time.Millisecond):
		fmt.Println("timed out")
	}
	out := make(chan int, 1)
	select {
	case out <- 5:
		fmt.Println("sent")
	default:
		fmt.Println("full")
	}
	fmt.Println(<-out)
}
