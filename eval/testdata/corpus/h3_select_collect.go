package main

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

type event struct {
	src  string
	data int
}

func main() {
	logs := make(chan string, 3)
	metrics := make(chan event, 3)
	logs <- "boot"
	logs <- "ready"
	metrics <- event{"cpu", 40}
	metrics <- event{"mem", 70}
	close(logs)
	close(metrics)

	var seen []*string
	var handlers []func() string
	var lastMetric event
	var open = 2
	for open > 0 {
		select {
		case l, ok := <-logs:
			if !ok {
				logs = nil
				open--
				continue
			}
			seen = append(seen, &l)
			handlers = append(handlers, func() string { return "log:" + l })
		case lastMetric = <-metrics:
			if lastMetric.src == "" {
				metrics = nil
				open--
				continue
			}
			m := lastMetric
			handlers = append(handlers, func() string { return fmt.Sprintf("metric:%s=%d", m.src, m.data) })
		}
	}
	var out []string
	for _, h := range handlers {
		out = append(out, h())
	}
	sort.Strings(out)
	fmt.Println(strings.Join(out, " "))
	fmt.Println(*seen[0], *seen[1], lastMetric.src == "")

	timeout := time.After(50 * time.Millisecond)
	results := make(chan int)
	go func() {
		for i := 1; i <= 3; i++ {
			results <- i * i
		}
	}()
	var got []int
	var last int
collect:
	for {
		select {
		case last = <-results:
			got = append(got, last)
			if len(got) == 3 {
				break collect
			}
		case <-timeout:
			fmt.Println("timeout")
			break collect
		}
	}
	fmt.Println(got, last)
}
