package main

import (
	"fmt"
	"time"
)

func main() {
	d := 3*time.Hour + 25*time.Minute + 7*time.Second
	fmt.Println(d, d.Seconds(), d.Truncate(time.Minute), d.Round(time.Hour))
	laps := []time.Duration{62 * time.Second, 59500 * time.Millisecond, time.Minute}
	var total time.Duration
	for _, l := range laps {
		total += l
	}
	fmt.Println(total, total/time.Duration(len(laps)))
	x, _ := time.ParseDuration("-1.5h")
	fmt.Println(x, x.Abs())
}
