package main

import (
	"encoding/json"
	"fmt"
	"os"
)

type Address struct {
	Street string `json:"street"`
	City   string `json:"city,omitempty"`
}

type Person struct {
	Name    string            `json:"name"`
	Age     int               `json:"age"`
	Email   string            `json:"-"`
	Tags    []string          `json:"tags,omitempty"`
	Addr    *Address          `json:"address,omitempty"`
	Meta    map[string]string `json:"meta,omitempty"`
	private int
}

func main() {
	p := Person{Name: "Ann", Age: 30, Email: "a@x", Addr: &Address{Street: "Main 1"}, private: 3}
	b, err := json.Marshal(p)
	fmt.Println(string(b), err)
	b, _ = json.MarshalIndent(Person{Name: "Bob", Tags: []string{"x"}, Meta: map[string]string{"z": "1", "a": "2"}}, "", "  ")
	fmt.Println(string(b))
	var q Person
	err = json.Unmarshal([]byte(`{"name":"Cy","age":41,"tags":["a","b"],"address":{"street":"S","city":"C"},"extra":1}`), &q)
	fmt.Printf("%+v %+v %v\n", q.Name, *q.Addr, err)
	var anyv map[string]any
	json.Unmarshal([]byte(`{"n":1.5,"list":[1,"two",null,true],"obj":{"k":"v"}}`), &anyv)
	for _, k := range []string{"n", "list", "obj"} {
		fmt.Printf("%s: %v (%T)\n", k, anyv[k], anyv[k])
	}
	err = json.Unmarshal([]byte(`{"age":"old"}`), &q)
	fmt.Println(err)
	err = json.Unmarshal([]byte(`{bad`), &q)
	fmt.Println(err)
	enc := json.NewEncoder(os.Stdout)
	enc.Encode([]any{1, "a", nil, 2.5, map[string]int{"b": 1, "a": 2}})
	var people []Person
	json.Unmarshal([]byte(`[{"name":"A"},{"name":"B","age":2}]`), &people)
	fmt.Println(len(people), people[1].Name, people[1].Age)
}
