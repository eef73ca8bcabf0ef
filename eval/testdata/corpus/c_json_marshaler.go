package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Status int

const (
	Pending Status = iota
	Done
)

var statusNames = []string{"pending", "done"}

func (s Status) MarshalJSON() ([]byte, error) {
	return json.Marshal(statusNames[s])
}

func (s *Status) UnmarshalJSON(b []byte) error {
	var str string
	if err := json.Unmarshal(b, &str); err != nil {
		return err
	}
	for i, n := range statusNames {
		if n == str {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("unknown status %q", str)
}

type Upper string

func (u Upper) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(u))), nil }

type Task struct {
	Name   string        `json:"name"`
	Status Status        `json:"status"`
	Owner  Upper         `json:"owner"`
	ByUser map[Upper]int `json:"by_user"`
	Subs   []Status      `json:"subs"`
}

func main() {
	t := Task{"write", Done, "ann", map[Upper]int{"bob": 1}, []Status{Pending, Done}}
	b, err := json.Marshal(t)
	fmt.Println(string(b), err)
	var back Task
	err = json.Unmarshal([]byte(`{"name":"read","status":"done","subs":["pending"]}`), &back)
	fmt.Println(err, back.Name, back.Status, back.Subs)
	err = json.Unmarshal([]byte(`{"status":"lost"}`), &back)
	fmt.Println(err)
	err = json.Unmarshal([]byte(`{"status":3}`), &back)
	fmt.Println(err)
}
