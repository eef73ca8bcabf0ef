package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2024, time.February, 28, 22, 30, 15, 123456789, time.UTC)
	fmt.Println(t)
	fmt.Println(t.Format(time.RFC3339), t.Format(time.RFC3339Nano))
	fmt.Println(t.Format("2006-01-02 15:04:05.000"), t.Format("Mon Jan _2 3:04PM"), t.Format(time.Kitchen))
	fmt.Println(t.Year(), t.Month(), t.Day(), t.Weekday(), t.YearDay(), t.Hour(), t.Nanosecond())
	next := t.Add(26 * time.Hour)
	fmt.Println(next.Format(time.DateOnly), next.Weekday(), next.Sub(t), next.After(t))
	fmt.Println(t.AddDate(0, 1, 1).Format(time.DateOnly), t.AddDate(1, 0, 1).Format(time.DateOnly))
	fmt.Println(t.Truncate(time.Hour).Format(time.TimeOnly), t.Round(time.Minute).Format(time.TimeOnly))
	est := time.FixedZone("EST", -5*3600)
	fmt.Println(t.In(est), t.In(est).Equal(t), t.In(est) == t)
	y, w := t.ISOWeek()
	fmt.Println(y, w, t.Unix(), t.UnixMilli())
	fmt.Println(time.Unix(0, 0).UTC(), time.Time{}.IsZero(), time.Time{})
	p, err := time.Parse("2006-01-02 15:04", "2023-12-31 23:59")
	fmt.Println(p, err)
	_, err = time.Parse(time.DateOnly, "2023-02-30")
	fmt.Println(err)
	p2, _ := time.ParseInLocation(time.DateTime, "2024-07-04 09:00:00", est)
	fmt.Println(p2, p2.UTC())
}
