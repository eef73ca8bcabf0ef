package main

import (
	"fmt"
	"time"
)

type Timer struct {
	laps []time.Duration
}

func (t *Timer) Lap(d time.Duration) { t.laps = append(t.laps, d) }

func (t Timer) Total() (sum time.Duration) {
	for _, l := range t.laps {
		sum += l
	}
	return
}

func main() {
	ds := []time.Duration{0, 1, 1500 * time.Microsecond, 90 * time.Second, 26*time.Hour + 3*time.Minute, -2 * time.Millisecond, time.Duration(1<<63 - 1)}
	for _, d := range ds {
		fmt.Printf("%v|%d|%.3f|%s\n", d, d, d.Seconds(), d.Round(time.Second))
	}
	d, err := time.ParseDuration("1h15m30.5s")
	fmt.Println(d, err, d.Minutes(), d.Truncate(time.Minute))
	_, err = time.ParseDuration("5 min")
	fmt.Println(err)
	var t Timer
	t.Lap(1200 * time.Millisecond)
	t.Lap(800 * time.Millisecond)
	t.Lap(3 * time.Second)
	fmt.Println(t.Total(), t.Total()/time.Duration(len(t.laps)), t.Total() > 4*time.Second)
	fmt.Println(time.Duration(2.5*float64(time.Second)), 3*time.Millisecond/2, time.Hour.Hours())
	start := time.Date(2024, time.February, 28, 22, 30, 0, 0, time.UTC)
	end := start.Add(25 * time.Hour)
	fmt.Println(end.Format(time.RFC3339), end.Weekday(), end.YearDay(), end.Sub(start))
	fmt.Println(start.AddDate(0, 1, 1).Format("2006-01-02 Mon"), start.Truncate(time.Hour).Format(time.Kitchen))
	t2, err := time.Parse("2006-01-02 15:04", "2023-12-31 23:59")
	fmt.Println(t2, err, t2.Before(start), start.Sub(t2).Round(time.Hour))
	_, err = time.Parse("2006-01-02", "2023-13-01")
	fmt.Println(err)
	fmt.Printf("%T %v\n", time.Second, time.Second*time.Duration(3))
	fmt.Println(time.Unix(1700000000, 0).UTC(), time.Month(13), time.Saturday+1)
}
