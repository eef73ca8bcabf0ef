package main

import (
	"fmt"
	"time"
)

func main() {
	layouts := []string{time.RFC3339, "02/01/2006 15:04", time.DateOnly, time.Kitchen}
	inputs := []string{"2024-06-01T12:30:00Z", "25/12/2023 08:15", "2022-02-28", "3:04PM"}
	for i, in := range inputs {
		t, err := time.Parse(layouts[i], in)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(t.Format(time.DateTime), t.Weekday())
	}
	loc := time.FixedZone("UTC+2", 2*60*60)
	t := time.Date(2024, 1, 1, 0, 0, 0, 0, loc)
	fmt.Println(t.UTC(), t.Format(time.RFC822Z))
	a := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	b := time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC)
	fmt.Println(a.Sub(b).Hours()/24, a.Before(b), a.Equal(a))
}
