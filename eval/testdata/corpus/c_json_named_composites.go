package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
)

type Tags []string

func (t Tags) MarshalJSON() ([]byte, error) { return json.Marshal(strings.Join(t, ",")) }

func (t *Tags) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*t = strings.Split(s, ",")
	return nil
}

type Set map[string]bool

func (s Set) MarshalJSON() ([]byte, error) {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return json.Marshal(keys)
}

type Point struct{ X, Y int }

type Shape struct {
	Name   string  `json:"name"`
	Points []Point `json:"points"`
	Tags   Tags    `json:"tags"`
	Seen   Set     `json:"seen"`
}

type Limit int

func (l *Limit) UnmarshalJSON(b []byte) error {
	var n int
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	if n > 10 {
		return errors.New("limit too high")
	}
	*l = Limit(n)
	return nil
}

type Config struct {
	Name  string `json:"name"`
	Limit Limit  `json:"limit"`
	Inner struct {
		P Point `json:"p"`
	} `json:"inner"`
}

func main() {
	s := Shape{"tri", []Point{{0, 0}, {1, 2}}, Tags{"a", "b"}, Set{"y": true, "x": true}}
	b, err := json.Marshal(s)
	fmt.Println(string(b), err)
	var back Shape
	err = json.Unmarshal([]byte(`{"name":"sq","tags":"p,q,r","points":[{"X":3}]}`), &back)
	fmt.Printf("%v %+v\n", err, back)

	var c Config
	for _, in := range []string{`{"limit":3,"name":"a"}`, `{"limit":30}`, `{"limit":"x"}`, `{"inner":{"p":{"X":"no"}}}`, `{"inner":{"p":[1]}}`, `[1]`, `{"name":5}`} {
		err := json.Unmarshal([]byte(in), &c)
		fmt.Println(err)
	}
	fmt.Println(json.Unmarshal([]byte(`{}`), c))
	var nilc *Config
	fmt.Println(json.Unmarshal([]byte(`{}`), nilc))
	var pts []Point
	fmt.Println(json.Unmarshal([]byte(`[{"X":1},{"Y":"s"}]`), &pts), pts)
}
