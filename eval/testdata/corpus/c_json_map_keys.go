// Map keys: encoding/json uses MarshalText/UnmarshalText of a key type, never
// MarshalJSON/UnmarshalJSON, and a string key type is written as it is.
package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Name string

func (n Name) MarshalJSON() ([]byte, error) { return json.Marshal(strings.ToUpper(string(n))) }

func (n *Name) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*n = Name(strings.ToLower(s))
	return nil
}

type Code int

func (c Code) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("C%03d", int(c))), nil }

func (c *Code) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "C%03d", (*int)(c))
	return err
}

func main() {
	scores := map[Name]Name{"ann": "bob"}
	b, err := json.Marshal(scores)
	fmt.Println(string(b), err)
	var back map[Name]Name
	err = json.Unmarshal([]byte(`{"ANN":"BOB","Cy":"DAN"}`), &back)
	fmt.Println(back, err)
	codes := map[Code][]Name{7: {"x"}, 42: nil}
	b, err = json.Marshal(codes)
	fmt.Println(string(b), err)
	var cb map[Code][]Name
	err = json.Unmarshal([]byte(`{"C007":["Y"],"C100":[]}`), &cb)
	fmt.Println(cb, err)
	err = json.Unmarshal([]byte(`{"X1":[]}`), &cb)
	fmt.Println(err)
}
