// time.Duration arithmetic and formatting, fixed dates.
package main

import (
	"fmt"
	"time"
)

func main() {
	d := 90 * time.Minute
	fmt.Println(d, d.Hours(), time.Duration(1500)*time.Millisecond)
	fmt.Println(2*time.Second+300*time.Millisecond, time.Duration(0))
	t := time.Date(2024, time.March, 15, 10, 30, 0, 0, time.UTC)
	fmt.Println(t.Format("2006-01-02 15:04"), t.Weekday(), t.YearDay())
	t2 := t.Add(36 * time.Hour)
	fmt.Println(t2.Format(time.RFC3339), t2.Sub(t), t2.After(t))
	fmt.Println(t.AddDate(0, 1, 0).Month())
	dur, err := time.ParseDuration("1h15m30s")
	fmt.Println(dur, err, dur.Round(time.Hour))
	fmt.Printf("%v %d\n", time.Second, time.Millisecond)
}
