package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

type Handler func() string

type Plugin interface{ Name() string }

type echo struct{ word string }

func (e echo) Name() string { return "echo:" + e.word }

func main() {
	prices := map[string]float64{"tea": 2.5, "cake": 4, "jam": 3.25}
	order := []string{"tea", "bread", "cake", "jam"}
	var lines []Handler
	var found []*float64
	for _, item := range order {
		p, ok := prices[item]
		if !ok {
			lines = append(lines, func() string { return item + ": not sold" })
			continue
		}
		found = append(found, &p)
		lines = append(lines, func() string { return fmt.Sprintf("%s: %.2f", item, p) })
	}
	for _, l := range lines {
		fmt.Println(l())
	}
	total := 0.0
	for _, p := range found {
		total += *p
	}
	fmt.Printf("total %.2f\n", total)

	registry := []any{echo{"hi"}, "not a plugin", echo{"yo"}, 42}
	var names []func() string
	for _, r := range registry {
		if pl, ok := r.(Plugin); ok {
			names = append(names, pl.Name)
			names = append(names, func() string { return strings.ToUpper(pl.Name()) })
		}
	}
	for _, n := range names {
		fmt.Print(n(), " ")
	}
	fmt.Println()

	jobs := make(chan string, 3)
	for _, j := range []string{"a", "b", "c"} {
		jobs <- j
	}
	close(jobs)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var done []string
	for {
		j, ok := <-jobs
		if !ok {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			done = append(done, "job-"+j)
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Strings(done)
	fmt.Println(done)
}
