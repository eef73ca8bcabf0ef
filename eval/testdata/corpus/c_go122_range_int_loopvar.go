package main

import (
	"fmt"
	"sync"
)

func main() {
	for i := range 3 {
		fmt.Print(i, " ")
	}
	fmt.Println()
	type Seats uint8
	var n Seats = 4
	for s := range n {
		fmt.Printf("%T:%d ", s, s)
	}
	fmt.Println()
	for range 2 {
		fmt.Println("twice")
	}
	var funcs []func() int
	for i := 0; i < 3; i++ {
		funcs = append(funcs, func() int { return i * 10 })
	}
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var ptrs []*string
	for _, s := range []string{"a", "b", "c"} {
		ptrs = append(ptrs, &s)
	}
	for _, p := range ptrs {
		fmt.Print(*p)
	}
	fmt.Println()
	results := make([]int, 5)
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = i * i
		}()
	}
	wg.Wait()
	fmt.Println(results)
	for i := 0; i < 3; i++ {
		defer func() { fmt.Print("deferred ", i, "\n") }()
		i++
	}
}
