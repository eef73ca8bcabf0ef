// Channels: unbuffered hand-off, buffered queue, range until close, ok on receive.
package main

import "fmt"

func producer(n int, out chan<- int) {
	for i := 0; i < n; i++ {
		out <- i * 10
	}
	close(out)
}

func main() {
	ch := make(chan int)
	go producer(4, ch)
	for v := range ch {
		fmt.Print(v, " ")
	}
	fmt.Println()
	buf := make(chan string, 3)
	buf <- "a"
	buf <- "b"
	fmt.Println(len(buf), cap(buf))
	fmt.Println(<-buf, <-buf)
	close(buf)
	v, ok := <-buf
	fmt.Printf("%q %v\n", v, ok)
	done := make(chan bool)
	go func() {
		fmt.Println("worker ran")
		done <- true
	}()
	<-done
}
