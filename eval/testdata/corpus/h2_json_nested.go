package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Address struct {
	Street string `json:"street"`
	City   string `json:"city,omitempty"`
	Zip    *int   `json:"zip,omitempty"`
}

type Person struct {
	Name     string          `json:"name"`
	Age      int             `json:"age,string"`
	Emails   []string        `json:"emails"`
	Home     Address         `json:"home"`
	Work     *Address        `json:"work,omitempty"`
	Tags     map[string]int  `json:"tags,omitempty"`
	Secret   string          `json:"-"`
	Dash     string          `json:"-,"`
	Raw      json.RawMessage `json:"raw,omitempty"`
	Extra    map[string]any  `json:"extra"`
	internal int
}

func main() {
	zip := 12345
	p := Person{Name: "Ann", Age: 31, Home: Address{Street: "1 Main"}, Work: &Address{"2 Side", "Town", &zip},
		Tags: map[string]int{"b": 2, "a": 1}, Secret: "s", Dash: "d", Raw: json.RawMessage(`{"k":[1,2]}`), internal: 9}
	b, err := json.Marshal(p)
	fmt.Println(string(b), err)
	var q Person
	err = json.Unmarshal(b, &q)
	fmt.Println(err, q.Name, q.Age, q.Emails == nil, q.Home, *q.Work.Zip, q.Tags, q.Secret == "", q.Dash, string(q.Raw), q.internal)
	ind, _ := json.MarshalIndent(map[string]any{"z": []any{1, "two", 3.5, nil, true}, "a": map[string]int{"x": 1}}, "", "  ")
	fmt.Println(string(ind))
	var generic map[string]any
	json.Unmarshal([]byte(`{"n": 1e3, "big": 12345678901234567890, "arr": [1, {"x": null}], "s": "\u00e9"}`), &generic)
	fmt.Printf("%v %T %v %T\n", generic["n"], generic["n"], generic["big"], generic["arr"])
	dec := json.NewDecoder(strings.NewReader(`{"name":"Bob","age":"40","extra":{"k":1}} {"name":"Cy","age":"x"}`))
	for {
		var pp Person
		if err := dec.Decode(&pp); err != nil {
			fmt.Println("decode error:", err)
			break
		}
		fmt.Println(pp.Name, pp.Age, pp.Extra)
	}
	var bad struct{ A int }
	err = json.Unmarshal([]byte(`{"A": "str"}`), &bad)
	fmt.Println(err)
	dec2 := json.NewDecoder(strings.NewReader(`{"A":1,"B":2}`))
	dec2.DisallowUnknownFields()
	fmt.Println(dec2.Decode(&bad), bad.A)
	hb, _ := json.Marshal("<a&b>")
	fmt.Println(string(hb))
}
