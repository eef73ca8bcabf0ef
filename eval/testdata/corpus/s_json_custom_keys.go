package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Event struct {
	Kind    string          `json:"kind"`
	Payload json.RawMessage `json:"payload"`
}

type Click struct {
	X, Y int
}

type Key struct {
	Code string `json:"code"`
}

func main() {
	stream := `[{"kind":"click","payload":{"X":3,"Y":4}},{"kind":"key","payload":{"code":"Enter"}}]`
	var events []Event
	if err := json.Unmarshal([]byte(stream), &events); err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range events {
		switch e.Kind {
		case "click":
			var c Click
			json.Unmarshal(e.Payload, &c)
			fmt.Println("click at", c.X, c.Y)
		case "key":
			var k Key
			json.Unmarshal(e.Payload, &k)
			fmt.Println("key", k.Code)
		}
	}
	dec := json.NewDecoder(strings.NewReader(`{"a":1} {"a":2}`))
	for {
		var m map[string]int
		if err := dec.Decode(&m); err != nil {
			break
		}
		fmt.Print(m["a"], " ")
	}
	fmt.Println()
}
