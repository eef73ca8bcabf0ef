// A dispatcher loop: select with continue, a labelled break and a default case.
package main

import "fmt"

type job struct {
	id   int
	skip bool
}

func main() {
	jobs := make(chan job, 8)
	done := make(chan struct{})
	for i := 1; i <= 6; i++ {
		jobs <- job{id: i, skip: i%3 == 0}
	}
	close(jobs)
	var handled []int
	skipped := 0
loop:
	for {
		select {
		case j, ok := <-jobs:
			if !ok {
				jobs = nil
				close(done)
				continue
			}
			if j.skip {
				skipped++
				continue
			}
			handled = append(handled, j.id)
		case <-done:
			break loop
		}
	}
	fmt.Println("handled", handled, "skipped", skipped)

	ticks := 0
	events := make(chan string, 3)
	events <- "a"
	events <- "b"
	for ticks < 5 {
		ticks++
		select {
		case e := <-events:
			fmt.Println("event", e)
			continue
		default:
		}
		fmt.Println("idle at tick", ticks)
		if ticks == 3 {
			events <- "late"
		}
	}
}
