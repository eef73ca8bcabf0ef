package main

import (
	"encoding/json"
	"errors"
	"fmt"
)

type Order struct {
	ID    int      `json:"id"`
	Items []string `json:"items"`
	Total float64  `json:"total"`
	Paid  bool     `json:"paid"`
}

func main() {
	inputs := []string{
		`{"id":1,"items":["a","b"],"total":9.5,"paid":true}`,
		`{"id":"x"}`,
		`{"id":1,"items":"notalist"}`,
		`{"id":1,`,
		`[1,2]`,
		`{"id":1,"unknown":true}`,
	}
	for _, in := range inputs {
		var o Order
		err := json.Unmarshal([]byte(in), &o)
		var te *json.UnmarshalTypeError
		var se *json.SyntaxError
		switch {
		case errors.As(err, &te):
			fmt.Printf("type error: field=%s value=%s type=%v: %v\n", te.Field, te.Value, te.Type, err)
		case errors.As(err, &se):
			fmt.Printf("syntax error at %d: %v\n", se.Offset, err)
		case err != nil:
			fmt.Println("other:", err)
		default:
			fmt.Printf("ok %+v\n", o)
		}
	}
	var generic map[string]any
	json.Unmarshal([]byte(`{"n":1,"list":[true,null,"s"],"obj":{"x":1.5}}`), &generic)
	fmt.Printf("%T %T %T %v\n", generic["n"], generic["list"], generic["obj"], generic["list"])
	err := json.Unmarshal([]byte(`{}`), Order{})
	fmt.Println(err)
}
