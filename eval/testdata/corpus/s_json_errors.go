package main

import (
	"encoding/json"
	"errors"
	"fmt"
)

func main() {
	var n int
	err := json.Unmarshal([]byte(`"text"`), &n)
	fmt.Println(err)
	var se *json.SyntaxError
	err = json.Unmarshal([]byte(`{"a":`), &n)
	fmt.Println(errors.As(err, &se), err)
	var m map[string]any
	json.Unmarshal([]byte(`{"n": 1.5, "ok": true, "list": [1, "x"]}`), &m)
	fmt.Printf("%T %T %T\n", m["n"], m["ok"], m["list"])
}
