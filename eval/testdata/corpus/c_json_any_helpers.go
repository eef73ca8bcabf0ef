package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type Level int

func (l *Level) UnmarshalText(b []byte) error {
	switch strings.ToLower(string(b)) {
	case "debug":
		*l = 0
	case "info":
		*l = 1
	default:
		return fmt.Errorf("unknown level %q", b)
	}
	return nil
}

func (l Level) MarshalText() ([]byte, error) { return []byte([]string{"debug", "info"}[l]), nil }

type Config struct {
	Name  string `json:"name"`
	Port  int    `json:"port"`
	Level Level  `json:"level"`
}

func load(data string, v any) error {
	return json.Unmarshal([]byte(data), v)
}

func dump(v any) {
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(v); err != nil {
		fmt.Println("error:", err)
	}
}

func decodeAll[T any](data string) ([]T, error) {
	var out []T
	dec := json.NewDecoder(strings.NewReader(data))
	for dec.More() {
		var v T
		if err := dec.Decode(&v); err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}

func main() {
	var c Config
	fmt.Println(load(`{"name":"api","port":8080,"level":"INFO"}`, &c), c)
	fmt.Println(load(`{"port":"x"}`, &c))
	fmt.Println(load(`{"level":"loud"}`, &c))
	dump(c)
	dump(&c)
	dump([]Level{1, 0})
	cs, err := decodeAll[Config](`{"name":"a","level":"debug"} {"name":"b","level":"info"}`)
	fmt.Println(cs, err)
	ls, err := decodeAll[Level](`"info" "debug" "trace"`)
	fmt.Println(ls, err)
}
