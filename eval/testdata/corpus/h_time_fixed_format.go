package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2024, time.February, 28, 22, 30, 15, 500_000_000, time.UTC)
	fmt.Println(t)
	fmt.Println(t.Format(time.RFC3339), t.Format(time.RFC3339Nano))
	fmt.Println(t.Format("2006-01-02 15:04:05.000"), t.Format("Mon Jan 2 3:04PM"), t.Format(time.Kitchen))
	next := t.Add(26 * time.Hour)
	fmt.Println(next.Format("2006-01-02"), next.Weekday(), next.YearDay())
	fmt.Println(next.Sub(t), next.After(t), t.Equal(t.Add(0)))
	d := 90*time.Minute + 30*time.Second + 250*time.Millisecond
	fmt.Println(d, d.Hours(), d.Round(time.Minute), d.Truncate(time.Hour), time.Duration(1500)*time.Microsecond)
	p, err := time.Parse("2006-01-02 15:04", "2023-12-31 23:59")
	fmt.Println(p, err, p.AddDate(0, 0, 1).Format("Jan 2, 2006"))
	_, err = time.Parse("2006-01-02", "2023-13-01")
	fmt.Println(err)
	loc := time.FixedZone("EST", -5*3600)
	fmt.Println(t.In(loc).Format(time.RFC1123Z), t.In(loc).Hour())
	fmt.Println(t.Truncate(time.Hour).Format(time.TimeOnly), t.Month(), int(t.Month()))
	y, w := t.ISOWeek()
	fmt.Println(y, w, t.Unix(), t.UnixMilli())
	days := []time.Time{t, p, next}
	latest := days[0]
	for _, dd := range days[1:] {
		if dd.After(latest) {
			latest = dd
		}
	}
	fmt.Println(latest.Format(time.DateOnly))
	dur, _ := time.ParseDuration("1h15m30.5s")
	fmt.Println(dur, dur.Seconds())
	fmt.Printf("%v|%s|%d\n", 3*time.Second, time.Millisecond, time.Second)
}
