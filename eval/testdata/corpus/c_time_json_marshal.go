package main

import (
	"encoding/json"
	"fmt"
	"time"
)

type Booking struct {
	Guest   string        `json:"guest"`
	CheckIn time.Time     `json:"check_in"`
	Nights  int           `json:"nights"`
	Grace   time.Duration `json:"grace"`
}

func (b Booking) CheckOut() time.Time { return b.CheckIn.AddDate(0, 0, b.Nights) }

func main() {
	loc := time.FixedZone("CET", 3600)
	b := Booking{"Ana", time.Date(2024, 12, 30, 15, 0, 0, 0, loc), 3, 30 * time.Minute}
	out, err := json.Marshal(b)
	fmt.Println(string(out), err)
	var back Booking
	err = json.Unmarshal(out, &back)
	fmt.Println(err, back.CheckIn.Equal(b.CheckIn), back.CheckOut().Format(time.RFC1123Z), back.Grace)
	err = json.Unmarshal([]byte(`{"check_in":"yesterday"}`), &back)
	fmt.Println(err)
	txt, _ := b.CheckIn.MarshalText()
	fmt.Println(string(txt))
	var t time.Time
	fmt.Println(t.UnmarshalText([]byte("2000-01-01T00:00:00Z")), t.Year(), t.Location())
	fmt.Println(b.CheckIn.UTC().Format(time.ANSIC), b.CheckIn.Format(time.RFC822))
}
