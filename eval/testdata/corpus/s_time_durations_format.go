package main

import (
	"fmt"
	"time"
)

func human(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	default:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
}

func main() {
	for _, d := range []time.Duration{250 * time.Millisecond, 4500 * time.Millisecond, 125 * time.Second} {
		fmt.Println(human(d), d)
	}
	deadline := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	now := time.Date(2024, 12, 24, 18, 0, 0, 0, time.UTC)
	left := deadline.Sub(now)
	fmt.Printf("%d days %d hours\n", int(left.Hours())/24, int(left.Hours())%24)
}
