package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

type Status int

const (
	Active Status = iota
	Suspended
	Closed
)

var statusNames = map[Status]string{Active: "active", Suspended: "suspended", Closed: "closed"}

func (s Status) MarshalText() ([]byte, error) {
	if n, ok := statusNames[s]; ok {
		return []byte(n), nil
	}
	return nil, fmt.Errorf("unknown status %d", int(s))
}

func (s *Status) UnmarshalText(b []byte) error {
	for k, n := range statusNames {
		if n == string(b) {
			*s = k
			return nil
		}
	}
	return fmt.Errorf("unknown status %q", b)
}

type Date struct{ t time.Time }

const layout = "2006-01-02"

func (d *Date) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		fmt.Println("  (UnmarshalJSON null)")
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("date: %w", err)
	}
	t, err := time.Parse(layout, s)
	if err != nil {
		return err
	}
	d.t = t
	return nil
}

func (d Date) MarshalJSON() ([]byte, error) { return json.Marshal(d.t.Format(layout)) }

func (d Date) String() string { return d.t.Format(layout) }

type Account struct {
	Name    string          `json:"name"`
	Status  Status          `json:"status"`
	Since   Date            `json:"since"`
	Until   *Date           `json:"until,omitempty"`
	History []Status        `json:"history"`
	Counts  map[Status]int  `json:"counts"`
	Dates   map[string]Date `json:"dates"`
}

type Tags []string

func (t *Tags) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*t = append(*t, strings.Split(s, ",")...)
	return nil
}

type Event struct {
	Title string `json:"title"`
	When  Date   `json:"when"`
	Tags  Tags   `json:"tags"`
}

func (e *Event) UnmarshalJSON(b []byte) error {
	type alias Event
	aux := struct {
		*alias
		Loud bool `json:"loud"`
	}{alias: (*alias)(e)}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	if aux.Loud {
		e.Title = strings.ToUpper(e.Title)
	}
	return nil
}

func (e Event) MarshalJSON() ([]byte, error) {
	type alias Event
	return json.Marshal(struct {
		alias
		Days int `json:"days"`
	}{alias(e), int(time.Until(e.When.t).Hours()) / 1000000})
}

func main() {
	in := `{"name":"ann","status":"suspended","since":"2024-03-01","until":"2025-01-02",
	"history":["active","closed"],"counts":{"active":2,"closed":1},"dates":{"a":"2020-02-02"}}`
	var a Account
	err := json.Unmarshal([]byte(in), &a)
	fmt.Println(err, a.Name, a.Status, a.Since, *a.Until, a.History, a.Counts, a.Dates)
	out, err := json.Marshal(a)
	fmt.Println(string(out), err)

	// null: UnmarshalJSON is called on a value field, a pointer field becomes nil.
	err = json.Unmarshal([]byte(`{"since":null,"until":null,"status":null}`), &a)
	fmt.Println(err, a.Since, a.Until == nil, a.Status)

	// Errors from the methods, and a number where text is wanted.
	for _, s := range []string{`{"status":"gone"}`, `{"since":"March"}`, `{"since":5}`, `{"status":1}`, `{"counts":{"nope":1}}`, `{"history":["active","x"]}`} {
		var b Account
		err := json.Unmarshal([]byte(s), &b)
		fmt.Println(err)
	}

	// Slices reuse their backing array.
	hist := make([]Status, 3, 4)
	hist[0], hist[1], hist[2] = Closed, Closed, Closed
	view := hist[:3]
	err = json.Unmarshal([]byte(`["active","suspended"]`), &hist)
	fmt.Println(err, hist, view)

	// UnmarshalJSON sees the value already there.
	e := Event{Tags: Tags{"x"}}
	err = json.Unmarshal([]byte(`{"title":"party","when":"2030-05-06","tags":"a,b","loud":true}`), &e)
	fmt.Println(err, e.Title, e.When, e.Tags)
	out, err = json.Marshal(e)
	fmt.Println(strings.Contains(string(out), `"title":"PARTY","when":"2030-05-06","tags":["x","a","b"]`), err)

	// A decoder stream.
	dec := json.NewDecoder(strings.NewReader(`"active" "closed" "what"`))
	for {
		var s Status
		if err := dec.Decode(&s); err != nil {
			fmt.Println("stop:", err)
			break
		}
		fmt.Println("got", s)
	}

	// Into a map of pointers and a slice of pointers.
	var ps []*Date
	err = json.Unmarshal([]byte(`["2001-01-01",null]`), &ps)
	fmt.Println(err, len(ps), ps[0], ps[1] == nil)
	var mp map[Status]*Date
	err = json.Unmarshal([]byte(`{"closed":"2002-02-02"}`), &mp)
	fmt.Println(err, mp[Closed])

	var d Date
	err = json.Unmarshal([]byte(`"2003-03-03"`), &d)
	fmt.Println(err, d)
	err = json.Unmarshal([]byte(`"bad"`), &d)
	var pe *time.ParseError
	fmt.Println(errors.As(err, &pe), err)
}
