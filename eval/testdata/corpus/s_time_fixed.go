package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2023, time.December, 31, 23, 59, 30, 0, time.UTC)
	fmt.Println(t.Format("2006-01-02 15:04:05"))
	fmt.Println(t.Add(45 * time.Second).Format(time.RFC1123))
	fmt.Println(t.AddDate(0, 2, 0).Format("Jan 2, 2006"))
	p, err := time.Parse("2006-01-02", "2024-02-29")
	fmt.Println(p.Weekday(), p.YearDay(), err)
	d := p.Sub(t)
	fmt.Println(d, d.Hours())
	fmt.Println(t.Truncate(time.Hour).Format(time.TimeOnly), t.Month(), t.Unix())
	_, err = time.Parse("2006-01-02", "2023-02-30")
	fmt.Println(err)
}
