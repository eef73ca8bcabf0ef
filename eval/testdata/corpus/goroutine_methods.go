// Goroutines started on methods and method values, with results gathered by index.
package main

import (
	"fmt"
	"strings"
	"sync"
)

type Worker struct {
	ID  int
	out []string
}

func (w *Worker) Run(wg *sync.WaitGroup, words []string) {
	defer wg.Done()
	for _, s := range words {
		w.out = append(w.out, strings.Repeat(s, w.ID))
	}
}

type Greeter struct{ Name string }

func (g Greeter) Greet(res []string, i int, wg *sync.WaitGroup) {
	defer wg.Done()
	res[i] = "hi " + g.Name
}

func main() {
	var wg sync.WaitGroup
	workers := []*Worker{{ID: 1}, {ID: 2}, {ID: 3}}
	for _, w := range workers {
		wg.Add(1)
		go w.Run(&wg, []string{"a", "b"})
	}
	wg.Wait()
	for _, w := range workers {
		fmt.Println(w.ID, w.out)
	}
	res := make([]string, 3)
	for i, name := range []string{"x", "y", "z"} {
		g := Greeter{name}
		wg.Add(1)
		greet := g.Greet
		go greet(res, i, &wg)
	}
	wg.Wait()
	fmt.Println(res)
}
