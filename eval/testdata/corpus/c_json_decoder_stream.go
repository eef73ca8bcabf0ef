package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

type Reading struct {
	Sensor string  `json:"sensor"`
	Value  float64 `json:"value"`
	Unit   string  `json:"unit,omitempty"`
}

func main() {
	stream := `{"sensor":"a","value":1.5}
{"sensor":"b","value":-2,"unit":"C"}
{"sensor":"a","value":3.25,"extra":1}
`
	dec := json.NewDecoder(strings.NewReader(stream))
	sums := map[string]float64{}
	var order []string
	for {
		var r Reading
		err := dec.Decode(&r)
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		if _, seen := sums[r.Sensor]; !seen {
			order = append(order, r.Sensor)
		}
		sums[r.Sensor] += r.Value
	}
	enc := json.NewEncoder(os.Stdout)
	for _, s := range order {
		enc.Encode(Reading{Sensor: s, Value: sums[s]})
	}
	enc.SetIndent("", "\t")
	enc.Encode(map[string]any{"sensors": order, "count": len(order), "html": "<b>&</b>"})
	strict := json.NewDecoder(strings.NewReader(`{"sensor":"z","bogus":1}`))
	strict.DisallowUnknownFields()
	var r Reading
	fmt.Println(strict.Decode(&r))
}
