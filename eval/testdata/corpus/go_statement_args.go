// The arguments of a go statement are evaluated when the statement runs.
package main

import (
	"fmt"
	"sync"
)

type Job struct{ id int }

func (j Job) Run(wg *sync.WaitGroup, out []string) {
	defer wg.Done()
	out[j.id] = fmt.Sprint("job", j.id)
}

func main() {
	var wg sync.WaitGroup
	out := make([]string, 3)
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func(n int) {
			defer wg.Done()
			out[n] = fmt.Sprint("n", n)
		}(i)
	}
	wg.Wait()
	fmt.Println(out)
	for i := 0; i < 3; i++ {
		wg.Add(1)
		j := Job{i}
		go j.Run(&wg, out)
	}
	wg.Wait()
	fmt.Println(out)
}
