package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type Address struct {
	Street string `json:"street"`
	City   string `json:"city,omitempty"`
}

type Person struct {
	Name    string         `json:"name"`
	Age     int            `json:"age,omitempty"`
	Email   *string        `json:"email"`
	Tags    []string       `json:"tags"`
	Meta    map[string]any `json:"meta,omitempty"`
	private int
	Address
	Home *Address `json:"home,omitempty"`
}

func main() {
	e := "a@b.c"
	p := Person{Name: "Ann", Email: &e, Tags: nil, Address: Address{Street: "Main"}}
	b, err := json.Marshal(p)
	fmt.Println(string(b), err)
	var q Person
	err = json.Unmarshal([]byte(`{"name":"Bo","age":3,"tags":["x"],"street":"S","home":{"city":"C"},"meta":{"n":1.5,"l":[1,"a"]}}`), &q)
	fmt.Printf("%+v %v\n", q.Home, err)
	fmt.Println(q.Name, q.Age, q.Tags, q.Street, q.Meta["n"], q.Meta["l"])
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.Encode(map[string]Address{"b": {"x", "y"}, "a": {}})
	var bad Person
	err = json.Unmarshal([]byte(`{"age":"old"}`), &bad)
	fmt.Println(err)
	err = json.Unmarshal([]byte(`{"name":`), &bad)
	fmt.Println(err)
	dec := json.NewDecoder(strings.NewReader(`{"street":"a"} {"street":"b"}`))
	for {
		var a Address
		if err := dec.Decode(&a); err != nil {
			break
		}
		fmt.Print(a.Street)
	}
	fmt.Println()
	var anyv any
	json.Unmarshal([]byte(`[1, {"a": null}]`), &anyv)
	fmt.Printf("%v %T\n", anyv, anyv.([]any)[0])
}
