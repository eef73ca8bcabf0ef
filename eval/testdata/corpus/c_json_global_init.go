// A package variable initialized by json.Marshal of a type with a MarshalText method.
package main

import (
	"encoding/json"
	"fmt"
)

type Level int

func (l Level) MarshalText() ([]byte, error) { return []byte("L" + fmt.Sprint(int(l))), nil }

var encoded, _ = json.Marshal(map[string]Level{"a": 1})

var decoded = func() Level {
	var l struct{ L Level }
	json.Unmarshal([]byte(`{"L":3}`), &l)
	return l.L
}()

func main() {
	fmt.Println(string(encoded), decoded)
}
