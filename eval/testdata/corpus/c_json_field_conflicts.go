package main

import (
	"encoding/json"
	"fmt"
)

type A struct {
	Name string
	ID   int
}

type B struct {
	Name string
	Code string `json:"ID"`
}

type Both struct {
	A
	B
	Extra string `json:"extra"`
}

type Override struct {
	A
	Name string `json:"name"`
}

type private struct {
	Hidden string
	shown  string
}

type WithPrivate struct {
	private
	Visible int
}

func main() {
	b, _ := json.Marshal(Both{A{"a", 1}, B{"b", "c"}, "x"})
	fmt.Println(string(b))
	b, _ = json.Marshal(Override{A{"inner", 2}, "outer"})
	fmt.Println(string(b))
	b, _ = json.Marshal(WithPrivate{private{"h", "s"}, 3})
	fmt.Println(string(b))
	var o Override
	json.Unmarshal([]byte(`{"Name":"N","ID":9,"name":"n"}`), &o)
	fmt.Printf("%+v\n", o)
	var ci A
	json.Unmarshal([]byte(`{"NAME":"upper","id":4}`), &ci)
	fmt.Printf("%+v\n", ci)
	b, err := json.Marshal(map[string]any{"f": func() {}})
	fmt.Println(string(b), err)
	b, err = json.Marshal(struct{ C chan int }{})
	fmt.Println(string(b), err)
}
