// Custom MarshalJSON and UnmarshalJSON methods.
package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Level int

const (
	Low Level = iota
	High
)

func (l Level) MarshalJSON() ([]byte, error) {
	if l == High {
		return []byte(`"high"`), nil
	}
	return []byte(`"low"`), nil
}

func (l *Level) UnmarshalJSON(b []byte) error {
	switch strings.Trim(string(b), `"`) {
	case "high":
		*l = High
	case "low":
		*l = Low
	default:
		return fmt.Errorf("bad level %s", b)
	}
	return nil
}

type Alert struct {
	Msg   string `json:"msg"`
	Level Level  `json:"level"`
}

func main() {
	b, _ := json.Marshal(Alert{"disk", High})
	fmt.Println(string(b))
	var a Alert
	err := json.Unmarshal([]byte(`{"msg":"cpu","level":"high"}`), &a)
	fmt.Println(a.Msg, a.Level, err)
	err = json.Unmarshal([]byte(`{"level":"mid"}`), &a)
	fmt.Println(err)
}
