package main

import "fmt"

type Job struct {
	ID   int
	Name string
}

// next returns the next job and how many are left.
func next(jobs chan Job) (Job, int) {
	return <-jobs, len(jobs)
}

func main() {
	jobs := make(chan Job, 3)
	for i, n := range []string{"build", "test", "ship"} {
		jobs <- Job{i + 1, n}
	}

	var current Job
	watch := &current // a dashboard keeps a pointer to the current job
	current = <-jobs
	fmt.Println("watching", watch.Name, "current", current.Name)
	current.Name += "!"
	fmt.Println("watching", watch.Name)

	j, left := next(jobs)
	fmt.Println(j.ID, j.Name, left)

	ready := make(chan bool)
	go func() { ready <- true }()
	if ok := <-ready && len(jobs) == 1; ok {
		fmt.Println("ready with one job left")
	}

	counts := map[string]int{}
	results := make(chan int, 2)
	results <- 10
	results <- 20
	total := 0
	ptr := &total
	total = <-results
	total += <-results
	counts["total"] = *ptr
	fmt.Println(counts)
}
