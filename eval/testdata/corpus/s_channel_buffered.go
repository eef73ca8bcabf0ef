package main

import "fmt"

func main() {
	ch := make(chan string, 3)
	ch <- "a"
	ch <- "b"
	fmt.Println(len(ch), cap(ch))
	close(ch)
	for v := range ch {
		fmt.Println(v)
	}
	v, ok := <-ch
	fmt.Printf("%q %v\n", v, ok)
	done := make(chan struct{})
	go func() {
		defer close(done)
		fmt.Println("working")
	}()
	<-done
	var nilCh chan int
	select {
	case <-nilCh:
		fmt.Println("never")
	default:
		fmt.Println("default")
	}
}
