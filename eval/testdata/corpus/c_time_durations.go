package main

import (
	"fmt"
	"time"
)

type Task struct {
	Name     string
	Estimate time.Duration
}

func main() {
	tasks := []Task{{"design", 90 * time.Minute}, {"code", 3*time.Hour + 15*time.Minute}, {"review", 45 * time.Minute}}
	var total time.Duration
	for _, t := range tasks {
		fmt.Printf("%-7s %v %.2fh\n", t.Name, t.Estimate, t.Estimate.Hours())
		total += t.Estimate
	}
	fmt.Println("total:", total, total.Minutes(), total.Round(time.Hour), total.Truncate(time.Hour))
	for _, s := range []string{"1h30m", "250ms", "1.5s", "-2m3s", "3d", "1us"} {
		d, err := time.ParseDuration(s)
		fmt.Println(s, d, err)
	}
	fmt.Println(time.Duration(1), time.Duration(1500), time.Duration(0), 2*time.Second/3)
	fmt.Println(time.Duration(1<<63-1), time.Second.Nanoseconds(), time.Millisecond.Microseconds())
	start := time.Date(2024, 3, 9, 12, 0, 0, 0, time.UTC)
	deadline := start.Add(total)
	fmt.Println(deadline.Format(time.DateTime), deadline.Sub(start) == total)
	fmt.Printf("%d %s %v\n", time.Minute, time.Minute, time.Minute.String())
	fmt.Println(time.Month(13), time.Weekday(3), time.March)
}
