package main

import (
	"fmt"
	"time"
)

func main() {
	ticker := time.NewTicker(5 * time.Millisecond)
	n := 0
	for range ticker.C {
		n++
		if n == 3 {
			ticker.Stop()
			break
		}
	}
	fmt.Println("ticks:", n)
	timer := time.NewTimer(time.Hour)
	fmt.Println("stopped:", timer.Stop())
	start := time.Now()
	time.Sleep(10 * time.Millisecond)
	fmt.Println(time.Since(start) >= 10*time.Millisecond)
}
