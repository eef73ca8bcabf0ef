package main

import (
	"fmt"
	"time"
)

func slow(d time.Duration, v string) <-chan string {
	c := make(chan string, 1)
	go func() {
		time.Sleep(d)
		c <- v
	}()
	return c
}

func main() {
	select {
	case v := <-slow(5*time.Millisecond, "quick"):
		fmt.Println(v)
	case <-time.After(time.Second):
		fmt.Println("timeout 1")
	}
	select {
	case v := <-slow(time.Second, "late"):
		fmt.Println(v)
	case <-time.After(10 * time.Millisecond):
		fmt.Println("timeout 2")
	}
}
