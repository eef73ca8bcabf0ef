package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2024, time.February, 28, 22, 30, 0, 0, time.UTC)
	fmt.Println(t, t.Weekday(), t.YearDay())
	t2 := t.Add(26 * time.Hour)
	fmt.Println(t2.Format("2006-01-02 15:04:05 Mon"), t2.Month(), t2.Day())
	fmt.Println(t.AddDate(0, 1, 1).Format(time.RFC3339), t.AddDate(1, 0, 1).Format("Jan 2, 2006"))
	d := t2.Sub(t)
	fmt.Println(d, d.Hours(), d.Minutes(), d.String(), time.Duration(1500)*time.Millisecond)
	fmt.Println(time.Duration(90*time.Second), time.Duration(0), 3*time.Nanosecond, 2*time.Hour+3*time.Microsecond)
	fmt.Println(t.Truncate(time.Hour).Format(time.Kitchen), t.Round(24*time.Hour).Format(time.DateTime))
	p, err := time.Parse("2006-01-02 15:04", "2023-12-31 23:59")
	fmt.Println(p, err, p.Add(time.Minute).Year())
	_, err = time.Parse("2006-01-02", "2023-13-01")
	fmt.Println(err)
	loc := time.FixedZone("EST", -5*3600)
	fmt.Println(t.In(loc), t.In(loc).Format(time.RFC1123Z))
	fmt.Println(t.Before(t2), t.Equal(t.In(loc)), t == t.In(loc), t2.After(t))
	dd, err := time.ParseDuration("1h15m30.5s")
	fmt.Println(dd, err, dd.Round(time.Minute), dd.Truncate(time.Hour), dd.Seconds())
	start := time.Date(2024, 1, 31, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 4; i++ {
		fmt.Print(start.AddDate(0, i, 0).Format("01/02 "), "")
	}
	fmt.Println()
	fmt.Println(time.Unix(1700000000, 0).UTC(), t.Unix(), t.UnixMilli())
	y, w := t.ISOWeek()
	fmt.Println(y, w, time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC).Weekday())
}
