package main

import (
	"encoding/json"
	"fmt"
	"os"
)

type Address struct {
	City string `json:"city"`
	Zip  string `json:"zip,omitempty"`
}

type User struct {
	ID      int               `json:"id"`
	Name    string            `json:"name"`
	Emails  []string          `json:"emails"`
	Address *Address          `json:"address,omitempty"`
	Meta    map[string]string `json:"meta,omitempty"`
	secret  string
}

func main() {
	u := User{ID: 1, Name: "Ann", Emails: []string{"a@x.io"}, Address: &Address{City: "Oslo"}, secret: "x"}
	b, _ := json.MarshalIndent(u, "", "  ")
	fmt.Println(string(b))
	var v User
	err := json.Unmarshal([]byte(`{"id":2,"name":"Bo","emails":null,"meta":{"k":"v"}}`), &v)
	fmt.Println(err, v.ID, v.Name, v.Emails == nil, v.Address == nil, v.Meta["k"])
	enc := json.NewEncoder(os.Stdout)
	enc.Encode(map[string]int{"b": 2, "a": 1})
}
