// encoding/json and reflect on the same cell types (a MarshalText method, tags, methods).
package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

type Level int

func (l Level) MarshalText() ([]byte, error) { return []byte(strings.Repeat("*", int(l))), nil }

type Item struct {
	Name  string `json:"name"`
	Level Level  `json:"level"`
	note  string
}

func main() {
	it := Item{"a", 3, "n"}
	b, err := json.Marshal(it)
	fmt.Println(string(b), err)
	t := reflect.TypeOf(it)
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fmt.Println(f.Name, f.Tag.Get("json"), f.Type, f.Type.NumMethod())
	}
	tm := reflect.TypeOf(Level(0)).Method(0)
	fmt.Println(tm.Name, tm.Type)
}
