// encoding/json with struct tags, maps and slices.
package main

import (
	"encoding/json"
	"fmt"
)

type Address struct {
	City string `json:"city"`
	Zip  string `json:"zip,omitempty"`
}

type Person struct {
	Name    string   `json:"name"`
	Age     int      `json:"age"`
	Emails  []string `json:"emails"`
	Address *Address `json:"address,omitempty"`
}

func main() {
	p := Person{Name: "Ann", Age: 30, Emails: []string{"a@x.org"}, Address: &Address{City: "Oslo"}}
	b, err := json.Marshal(p)
	fmt.Println(string(b), err)
	var q Person
	err = json.Unmarshal([]byte(`{"name":"Bo","age":41,"emails":null}`), &q)
	fmt.Println(q.Name, q.Age, q.Emails == nil, q.Address == nil, err)
	m := map[string]any{"b": 1, "a": []int{1, 2}}
	b, _ = json.Marshal(m)
	fmt.Println(string(b))
	var anyv map[string]any
	json.Unmarshal([]byte(`{"x": 1.5, "y": [true, "s"]}`), &anyv)
	fmt.Println(anyv["x"], anyv["y"])
	out, _ := json.MarshalIndent(Address{City: "Rome", Zip: "00100"}, "", "  ")
	fmt.Println(string(out))
}
