package main

import (
	"fmt"
	"sort"
	"time"
)

type Shift struct {
	Who        string
	Start, End time.Time
}

func (s Shift) Hours() float64 { return s.End.Sub(s.Start).Hours() }

func main() {
	base := time.Date(2024, 3, 9, 0, 0, 0, 0, time.UTC)
	at := func(day, h, m int) time.Time {
		return base.AddDate(0, 0, day).Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
	}
	shifts := []Shift{
		{"ann", at(0, 9, 0), at(0, 17, 30)},
		{"bob", at(0, 22, 0), at(1, 6, 15)},
		{"ann", at(1, 8, 45), at(1, 12, 0)},
		{"cy", at(2, 0, 0), at(2, 0, 0)},
	}
	total := map[string]time.Duration{}
	for _, s := range shifts {
		total[s.Who] += s.End.Sub(s.Start)
	}
	names := make([]string, 0, len(total))
	for n := range total {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Printf("%-4s %8v %.2fh\n", n, total[n], total[n].Hours())
	}
	sort.Slice(shifts, func(i, j int) bool { return shifts[i].Hours() > shifts[j].Hours() })
	fmt.Println(shifts[0].Who, shifts[0].Start.Format("Mon 15:04"), shifts[0].End.Format("Mon 15:04"))
	d := 3*time.Hour + 25*time.Minute + 45*time.Second + 500*time.Millisecond
	fmt.Println(d, d.Round(time.Second), d.Truncate(time.Minute), d.Minutes())
	fmt.Println(time.Duration(0), time.Duration(1), -d, d/3, d%time.Hour)
	fmt.Println(base.Weekday(), base.AddDate(0, 1, 0).Format("2006-01-02 Mon"), base.AddDate(0, 0, -9).YearDay())
	t1 := time.Date(2024, 12, 31, 23, 59, 59, 0, time.UTC)
	fmt.Println(t1.Add(time.Second).Format(time.DateTime), t1.Before(base), base.Compare(t1))
	deadline := base.Add(90 * time.Minute)
	fmt.Println(deadline.Sub(base) > time.Hour, time.Until(base) < 0, deadline.Format("3:04PM"))
	fmt.Printf("%s|%v|%d\n", d, time.Month(5), time.Saturday)
}
