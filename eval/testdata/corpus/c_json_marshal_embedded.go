package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"
)

type Celsius float64

func (c Celsius) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`"%.1f°C"`, float64(c))), nil
}

type Money struct{ Cents int64 }

func (m *Money) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`"$%d.%02d"`, m.Cents/100, m.Cents%100)), nil
}

type Stamp struct {
	time.Time
	Note string
}

type Base struct{ ID int }

func (b Base) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprintf(`{"base":%d}`, b.ID)), nil }

type Derived struct {
	Base
	Extra string
}

type Other struct{ N int }

func (o Other) MarshalJSON() ([]byte, error) { return []byte(`"other"`), nil }

type Both struct {
	Base
	Other
	Own string
}

type Opt[T any] struct {
	v  T
	ok bool
}

func Some[T any](v T) Opt[T] { return Opt[T]{v, true} }

func (o Opt[T]) MarshalJSON() ([]byte, error) {
	if !o.ok {
		return []byte("null"), nil
	}
	return json.Marshal(o.v)
}

type HTML string

func (h HTML) MarshalJSON() ([]byte, error) { return []byte(`"<b>` + string(h) + `</b>"`), nil }

type Level int

func (l Level) MarshalText() ([]byte, error) { return []byte([]string{"low", "high"}[l]), nil }

type Reading struct {
	Temp    Celsius           `json:"temp"`
	Price   Money             `json:"price"`
	PPrice  *Money            `json:"pprice"`
	Missing *Celsius          `json:"missing"`
	Omit    *Celsius          `json:"omit,omitempty"`
	Lvl     Level             `json:"lvl,omitempty"`
	Lvls    map[Level]Celsius `json:"lvls"`
	Arr     [2]Money          `json:"arr"`
}

func main() {
	r := Reading{Temp: 21.5, Price: Money{1999}, PPrice: &Money{5}, Lvls: map[Level]Celsius{1: 3, 0: -1}, Arr: [2]Money{{1}, {2}}}
	b, err := json.Marshal(r)
	fmt.Println(string(b), err)
	b, err = json.Marshal(&r)
	fmt.Println(string(b), err)
	b, _ = json.Marshal([]any{Money{7}, &Money{8}, Celsius(-3), map[string]any{"c": Celsius(1)}})
	fmt.Println(string(b))
	b, _ = json.Marshal(map[string]Money{"m": {9}})
	fmt.Println(string(b))
	b, _ = json.Marshal(&[1]Money{{10}})
	fmt.Println(string(b))
	b, _ = json.Marshal(Stamp{time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), "n"})
	fmt.Println(string(b))
	b, _ = json.Marshal(Derived{Base{1}, "x"})
	fmt.Println(string(b))
	b, _ = json.Marshal(struct {
		Base
		Extra string
	}{Base{2}, "y"})
	fmt.Println(string(b))
	b, _ = json.Marshal(Both{Base{3}, Other{4}, "own"})
	fmt.Println(string(b))
	b, _ = json.Marshal([]Opt[int]{Some(1), {}, Some(3)})
	fmt.Println(string(b))
	b, _ = json.Marshal(map[string]Opt[string]{"a": Some("x")})
	fmt.Println(string(b))
	b, _ = json.Marshal(HTML("hi"))
	fmt.Println(string(b))
	enc := json.NewEncoder(os.Stdout)
	enc.Encode(HTML("hi"))
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	enc.Encode([]HTML{"a"})
	var nilp *Money
	b, err = json.Marshal(nilp)
	fmt.Println(string(b), err)
	var anyv any = Level(1)
	b, err = json.Marshal(anyv)
	fmt.Println(string(b), err)
	b, err = json.Marshal(struct {
		L Level `json:"l,string"`
		N int   `json:"n,string"`
	}{1, 2})
	fmt.Println(string(b), err)
}
