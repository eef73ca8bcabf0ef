// The texts of encoding/json errors name the program's types.
package main

import (
	"encoding/json"
	"fmt"
)

type Config struct {
	Port    int    `json:"port"`
	Host    string `json:"host"`
	Verbose bool
}

func main() {
	var c Config
	err := json.Unmarshal([]byte(`{"port":"eighty"}`), &c)
	fmt.Println(err)
	err = json.Unmarshal([]byte(`{"host":5}`), &c)
	fmt.Println(err)
	err = json.Unmarshal([]byte(`[1,2]`), &c)
	fmt.Println(err)
	var ute *json.UnmarshalTypeError
	_ = ute
}
