// json omitzero uses an IsZero method (Go 1.24).
package main

import (
	"encoding/json"
	"fmt"
)

type Date struct {
	Y, M, D int
}

func (d Date) IsZero() bool { return d.Y == 0 }

type Event struct {
	Name  string `json:"name"`
	When  Date   `json:"when,omitzero"`
	Count int    `json:"count,omitzero"`
}

func main() {
	b, _ := json.Marshal(Event{Name: "a"})
	fmt.Println(string(b))
	b, _ = json.Marshal(Event{Name: "b", When: Date{0, 5, 1}})
	fmt.Println(string(b))
	b, _ = json.Marshal(Event{Name: "c", When: Date{2024, 1, 2}, Count: 3})
	fmt.Println(string(b))
}
