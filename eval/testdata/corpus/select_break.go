// break and continue inside select, within a for loop.
package main

import "fmt"

func main() {
	ch := make(chan int, 10)
	for i := 0; i < 6; i++ {
		ch <- i
	}
	close(ch)
	for n := 0; n < 8; n++ {
		select {
		case v, ok := <-ch:
			if !ok {
				fmt.Println("closed")
				continue
			}
			if v == 1 {
				continue
			}
			if v == 3 {
				break
			}
			fmt.Println("got", v)
		}
		fmt.Println("end of iteration", n)
	}
}
