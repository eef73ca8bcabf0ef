package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	var funcs []func() int
	for i := 0; i < 4; i++ {
		funcs = append(funcs, func() int { return i * i })
	}
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	var ptrs []*int
	for i := 0; i < 3; i++ {
		ptrs = append(ptrs, &i)
	}
	for _, p := range ptrs {
		fmt.Print(*p, " ")
	}
	fmt.Println()

	words := []string{"go", "is", "fun"}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var got []string
	for idx, w := range words {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			got = append(got, fmt.Sprintf("%d:%s", idx, w))
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Strings(got)
	fmt.Println(got)

	var mutated []func() int
	for i := 0; i < 6; i++ {
		mutated = append(mutated, func() int { return i })
		i++
	}
	for _, f := range mutated {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	acc := map[string]func() string{}
	for _, k := range []string{"x", "y"} {
		acc[k] = func() string { return k + k }
	}
	fmt.Println(acc["x"](), acc["y"]())

	total := 0
	results := make(chan int, 5)
	for n := 1; n <= 5; n++ {
		go func() { results <- n * 10 }()
	}
	for range 5 {
		total += <-results
	}
	fmt.Println(total)
}
