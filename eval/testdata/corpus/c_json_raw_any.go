package main

import (
	"encoding/json"
	"fmt"
)

type Envelope struct {
	Kind string          `json:"kind"`
	Data json.RawMessage `json:"data"`
}

type Circle struct {
	R float64 `json:"r"`
}

type Rect struct {
	W float64 `json:"w"`
	H float64 `json:"h"`
}

type Shape interface{ Area() float64 }

func (c Circle) Area() float64 { return 3 * c.R * c.R }
func (r Rect) Area() float64   { return r.W * r.H }

func decode(b []byte) (Shape, error) {
	var env Envelope
	if err := json.Unmarshal(b, &env); err != nil {
		return nil, err
	}
	var s Shape
	switch env.Kind {
	case "circle":
		var c Circle
		if err := json.Unmarshal(env.Data, &c); err != nil {
			return nil, err
		}
		s = c
	case "rect":
		var r Rect
		if err := json.Unmarshal(env.Data, &r); err != nil {
			return nil, err
		}
		s = r
	default:
		return nil, fmt.Errorf("unknown kind %q", env.Kind)
	}
	return s, nil
}

func main() {
	msgs := []string{`{"kind":"circle","data":{"r":2}}`, `{"kind":"rect","data":{"w":3,"h":4}}`,
		`{"kind":"hex","data":{}}`, `{"kind":"rect","data":{"w":"wide"}}`}
	for _, m := range msgs {
		s, err := decode([]byte(m))
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("%T %+v area=%.1f\n", s, s, s.Area())
	}
	out, _ := json.Marshal([]Shape{Circle{1}, Rect{1, 2}})
	fmt.Println(string(out))
	raw, _ := json.Marshal(Envelope{"circle", json.RawMessage(`{"r":5}`)})
	fmt.Println(string(raw))
}
