package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

type Entry struct {
	Level string  `json:"level"`
	Msg   string  `json:"msg"`
	Dur   float64 `json:"dur_ms"`
	User  *string `json:"user"`
}

const stream = `{"level":"info","msg":"start","dur_ms":1.5,"user":"ann"}
{"level":"warn","msg":"slow","dur_ms":250}
{"level":"info","msg":"done","dur_ms":3.25,"user":null}
{"level":"error","msg":"boom","dur_ms":"oops"}
{"level":"info","msg":"end"}`

func main() {
	dec := json.NewDecoder(strings.NewReader(stream))
	byLevel := map[string][]string{}
	var total float64
	for {
		var e Entry
		err := dec.Decode(&e)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var te *json.UnmarshalTypeError
			fmt.Println("decode error:", err, errors.As(err, &te))
			if te != nil {
				fmt.Println(" field:", te.Field, "value:", te.Value)
			}
			continue
		}
		who := "-"
		if e.User != nil {
			who = *e.User
		}
		byLevel[e.Level] = append(byLevel[e.Level], e.Msg+"@"+who)
		total += e.Dur
	}
	levels := make([]string, 0, len(byLevel))
	for l := range byLevel {
		levels = append(levels, l)
	}
	sort.Strings(levels)
	for _, l := range levels {
		fmt.Println(l, byLevel[l])
	}
	fmt.Println("total ms", total)
	var se *json.SyntaxError
	err := json.Unmarshal([]byte(`{"a":1,}`), &map[string]int{})
	fmt.Println(err, errors.As(err, &se), se.Offset)
}
