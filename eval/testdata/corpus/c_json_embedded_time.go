// Embedding time.Time promotes its json methods: the struct marshals as the time alone.
package main

import (
	"encoding/json"
	"fmt"
	"time"
)

type Stamp struct {
	time.Time
	N int
}

func main() {
	t := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	b, err := json.Marshal(struct {
		time.Time
		N int
	}{t, 1})
	fmt.Println(string(b), err)
	b, err = json.Marshal([]*Stamp{{t, 2}, nil})
	fmt.Println(string(b), err)
	var v Stamp
	err = json.Unmarshal([]byte(`"2020-01-01T00:00:00Z"`), &v)
	fmt.Println(v.Year(), v.N, err)
	var vs []Stamp
	err = json.Unmarshal([]byte(`["2021-01-01T00:00:00Z", "x"]`), &vs)
	fmt.Println(len(vs), vs[0].Year(), err)
}
