// Custom JSON the way Go programs often write it: a Duration wrapper, a color used as a
// map key, a tagged union decoded through json.RawMessage.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

type Duration struct{ time.Duration }

func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

func (d *Duration) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch value := v.(type) {
	case float64:
		d.Duration = time.Duration(value)
		return nil
	case string:
		var err error
		d.Duration, err = time.ParseDuration(value)
		return err
	default:
		return errors.New("invalid duration")
	}
}

type Color struct{ R, G, B uint8 }

func (c Color) MarshalText() ([]byte, error) {
	return []byte(fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)), nil
}

func (c *Color) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "#%02x%02x%02x", &c.R, &c.G, &c.B)
	if err != nil {
		return fmt.Errorf("color %q: %w", b, err)
	}
	return nil
}

type Circle struct{ R float64 }
type Rect struct{ W, H float64 }

type Shape struct {
	Kind string          `json:"kind"`
	Data json.RawMessage `json:"data"`
}

type Config struct {
	Timeout Duration         `json:"timeout"`
	Retry   *Duration        `json:"retry,omitempty"`
	Names   map[Color]string `json:"names"`
	Shapes  []Shape          `json:"shapes"`
}

func area(s Shape) (float64, error) {
	switch s.Kind {
	case "circle":
		var c Circle
		if err := json.Unmarshal(s.Data, &c); err != nil {
			return 0, err
		}
		return 3 * c.R * c.R, nil
	case "rect":
		var r Rect
		if err := json.Unmarshal(s.Data, &r); err != nil {
			return 0, err
		}
		return r.W * r.H, nil
	}
	return 0, fmt.Errorf("unknown shape %q", s.Kind)
}

func main() {
	in := `{"timeout":"1m30s","retry":2000000000,"names":{"#ff0000":"red","#00ff00":"green"},
	"shapes":[{"kind":"circle","data":{"R":2}},{"kind":"rect","data":{"W":2,"H":3}},{"kind":"hex","data":null}]}`
	var c Config
	if err := json.Unmarshal([]byte(in), &c); err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(c.Timeout, *c.Retry, c.Names[Color{255, 0, 0}], len(c.Names))
	for _, s := range c.Shapes {
		a, err := area(s)
		fmt.Println(s.Kind, a, err)
	}
	out, err := json.Marshal(c)
	fmt.Println(string(out), err)
	for _, bad := range []string{`{"timeout":true}`, `{"names":{"red":"x"}}`, `{"timeout":"soon"}`} {
		var c Config
		err := json.Unmarshal([]byte(bad), &c)
		fmt.Println(err)
	}
}
