package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

type Status int

const (
	Active Status = iota
	Suspended
)

func (s Status) MarshalText() ([]byte, error) {
	switch s {
	case Active:
		return []byte("active"), nil
	case Suspended:
		return []byte("suspended"), nil
	}
	return nil, fmt.Errorf("bad status %d", int(s))
}

type Dur struct{ d time.Duration }

func (d Dur) MarshalJSON() ([]byte, error) { return json.Marshal(d.d.String()) }

type PtrOnly struct{ N int }

func (p *PtrOnly) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprintf(`"ptr-%d"`, p.N)), nil }

type Bad struct{}

func (Bad) MarshalJSON() ([]byte, error) { return nil, errors.New("boom") }

type Invalid struct{}

func (Invalid) MarshalJSON() ([]byte, error) { return []byte(`{bad`), nil }

type Event struct {
	Name   string
	At     Dur            `json:"at"`
	St     Status         `json:"status"`
	ByStat map[Status]int `json:"by_status"`
	P      PtrOnly        `json:"p"`
	PP     *PtrOnly       `json:"pp"`
	NilP   *PtrOnly       `json:"nilp"`
	Any    any            `json:"any"`
	Opt    *Dur           `json:"opt,omitempty"`
}

type Date struct{ Y, M, D int }

func (d Date) IsZero() bool { return d.Y == 0 }

type Rec struct {
	When Date `json:"when,omitzero"`
	N    int  `json:"n,omitzero"`
}

func main() {
	e := Event{Name: "x", At: Dur{90 * time.Second}, St: Suspended, ByStat: map[Status]int{Active: 2, Suspended: 1},
		P: PtrOnly{1}, PP: &PtrOnly{2}, Any: Status(0)}
	b, err := json.Marshal(e)
	fmt.Println(string(b), err)
	b, err = json.Marshal(&e)
	fmt.Println(string(b), err)
	b, err = json.Marshal([]PtrOnly{{3}})
	fmt.Println(string(b), err)
	b, err = json.Marshal([1]PtrOnly{{3}})
	fmt.Println(string(b), err)
	b, err = json.Marshal(map[string]PtrOnly{"a": {4}})
	fmt.Println(string(b), err)
	b, err = json.Marshal(Status(7))
	fmt.Println(string(b), err)
	b, err = json.Marshal(map[Status]int{Status(9): 1})
	fmt.Println(string(b), err)
	b, err = json.Marshal([]any{Bad{}})
	fmt.Println(string(b), err)
	b, err = json.Marshal(Invalid{})
	fmt.Println(string(b), err)
	b, err = json.MarshalIndent(map[string]any{"d": Dur{time.Second}, "s": []Status{Active}}, "", "  ")
	fmt.Println(string(b), err)
	b, err = json.Marshal([]Rec{{}, {When: Date{0, 5, 1}, N: 1}, {When: Date{2024, 1, 2}}})
	fmt.Println(string(b), err)
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	err = enc.Encode(struct {
		S Status
		H string
	}{Suspended, "<a&b>"})
	fmt.Println(err)
	_, err = json.Marshal(Bad{})
	fmt.Println(errors.Unwrap(err), strings.Contains(err.Error(), "boom"))
}
