package main

import (
	"fmt"
	"sort"
	"time"
)

type Meeting struct {
	Title string
	Start time.Time
	Len   time.Duration
}

func (m Meeting) End() time.Time { return m.Start.Add(m.Len) }

func overlaps(a, b Meeting) bool { return a.Start.Before(b.End()) && b.Start.Before(a.End()) }

func main() {
	day := time.Date(2025, 6, 2, 0, 0, 0, 0, time.UTC)
	at := func(h, m int) time.Time { return day.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute) }
	ms := []Meeting{
		{"standup", at(9, 0), 15 * time.Minute},
		{"design", at(10, 0), time.Hour},
		{"1:1", at(10, 45), 30 * time.Minute},
		{"lunch", at(12, 0), 45 * time.Minute},
		{"retro", at(9, 10), 20 * time.Minute},
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Start.Before(ms[j].Start) })
	for _, m := range ms {
		fmt.Printf("%s-%s %s\n", m.Start.Format("15:04"), m.End().Format("15:04"), m.Title)
	}
	for i := range ms {
		for j := i + 1; j < len(ms); j++ {
			if overlaps(ms[i], ms[j]) {
				fmt.Println("conflict:", ms[i].Title, "/", ms[j].Title)
			}
		}
	}
	var busy time.Duration
	for _, m := range ms {
		busy += m.Len
	}
	fmt.Println("busy", busy, "weekday", day.Weekday())
	next := day
	for next.Weekday() != time.Friday {
		next = next.AddDate(0, 0, 1)
	}
	fmt.Println("friday:", next.Format("Mon 2 Jan 2006"), next.Sub(day).Hours())
	fmt.Println(time.Date(2025, 2, 29, 0, 0, 0, 0, time.UTC).Format(time.DateOnly))
	fmt.Println(time.Date(2025, 1, 31, 0, 0, 0, 0, time.UTC).AddDate(0, 1, 0).Format(time.DateOnly))
}
