// Combinations: select with continue inside a range over a function, a type switch
// with break inside a range over an integer, goroutines started in an iterator body.
package main

import (
	"fmt"
	"iter"
	"sync"
)

func ticks(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
	ch := make(chan int, 10)
	for i := range 6 {
		ch <- i
	}
	for t := range ticks(6) {
		select {
		case v := <-ch:
			if v%2 == 0 {
				continue
			}
			fmt.Print("odd ", v, " at ", t, "; ")
		default:
		}
	}
	fmt.Println()
	vals := []any{1, "two", 3.0, nil}
	for i := range len(vals) {
		switch v := vals[i].(type) {
		case string:
			fmt.Println("string", v)
			break
		case nil:
			fmt.Println("nil at", i)
		default:
			fmt.Printf("%T %v\n", v, v)
		}
	}
	var wg sync.WaitGroup
	res := make([]int, 4)
	for i := range ticks(4) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i] = i * 10
		}()
	}
	wg.Wait()
	fmt.Println(res)
}
