package main

import (
	"encoding/json"
	"fmt"
	"time"
)

type Date struct{ Y, M, D int }

func (d Date) IsZero() bool { return d.Y == 0 }

type Event struct {
	Title    string            `json:"title"`
	Place    string            `json:"place,omitempty"`
	Count    int               `json:"count,omitempty"`
	Labels   []string          `json:"labels,omitempty"`
	Extra    map[string]string `json:"extra,omitempty"`
	When     Date              `json:"when,omitzero"`
	At       time.Time         `json:"at,omitzero"`
	Ptr      *int              `json:"ptr,omitempty"`
	Skip     string            `json:"-"`
	Dash     string            `json:"-,"`
	AsString int               `json:"as_string,string"`
	Nested   struct{ A int }   `json:"nested,omitzero"`
}

func main() {
	b, err := json.Marshal(Event{Title: "empty"})
	fmt.Println(string(b), err)
	n := 0
	e := Event{Title: "full", Place: "hall", Count: 3, Labels: []string{}, Extra: map[string]string{"k": "v"},
		When: Date{2024, 5, 1}, At: time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC), Ptr: &n,
		Skip: "hidden", Dash: "dash", AsString: 12}
	e.Nested.A = 1
	b, err = json.Marshal(e)
	fmt.Println(string(b), err)
	var back Event
	err = json.Unmarshal(b, &back)
	fmt.Println(err, back.When, back.At.Format(time.RFC3339), *back.Ptr, back.Skip == "", back.AsString)
}
