package main

import "fmt"

type Stats struct {
	Last   int
	Counts map[string]int
}

type Open bool

func logTarget() *int {
	fmt.Println("logTarget evaluated")
	return new(int)
}

func main() {
	var st Stats
	st.Counts = map[string]int{}
	nums := make(chan int, 4)
	words := make(chan string, 4)
	quit := make(chan int)
	nums <- 3
	nums <- 4
	words <- "go"

	for i := 0; i < 3; i++ {
		var w string
		select {
		case st.Last = <-nums:
			st.Counts["num"]++
		case w = <-words:
			st.Counts[w]++
		case *logTarget() = <-quit:
		}
	}
	fmt.Println(st.Last, st.Counts)

	results := make([]int, 3)
	k := 0
	nums <- 10
	nums <- 20
	for k < 2 {
		select {
		case results[k] = <-nums:
			k++
		}
	}
	fmt.Println(results, k)

	var open Open
	var v int
	close(nums)
	select {
	case v, open = <-nums:
	}
	fmt.Println(v, open)
}
