package main

import (
	"bytes"
	"fmt"
	"strings"
)

type Name string

func (n Name) Label() string { return "name:" + string(n) }

type Core struct{ ID int }

type Inner struct {
	Core
	Name
}

type Tag struct{ ID string }

// Outer reaches ID and Label through Inner (depth 2) and through Tag and Name
// (depth 1): the shallower ones win.
type Outer struct {
	Inner
	Tag
	Name
}

type quiet struct{}

func (quiet) String() string { return "quiet" }

type deep struct{ quiet }

// Both: String of *strings.Builder (depth 1) and of quiet (depth 2).
type mixed struct {
	deep
	*strings.Builder
}

type wrapped struct {
	deep
	*bytes.Buffer
}

type Labeler interface{ Label() string }

func main() {
	o := Outer{Inner: Inner{Core: Core{ID: 7}, Name: "inner"}, Tag: Tag{ID: "tag"}, Name: "outer"}
	fmt.Println(o.ID, o.Label(), o.Inner.ID, o.Inner.Label())
	var l Labeler = o
	fmt.Println(l.Label())
	f := o.Label
	fmt.Println(f())
	p := &o
	fmt.Println(p.ID, p.Label())

	m := mixed{Builder: &strings.Builder{}}
	m.WriteString("built")
	fmt.Println(m.String())
	var s fmt.Stringer = m
	fmt.Println(s.String())
	w := wrapped{Buffer: bytes.NewBufferString("buffered")}
	fmt.Println(w.String())
}
