package main

import "fmt"

type Level int
type Tags []string
type Attrs map[string]int
type Flag bool
type Ratio float64
type Pair struct {
	K string
	V any
}

const (
	Low Level = iota
	High
)

func main() {
	fmt.Printf("%#v\n", High)
	fmt.Printf("%#v\n", Tags{"x", "y"})
	fmt.Printf("%#v\n", Tags(nil))
	fmt.Printf("%#v\n", Attrs{"a": 1})
	fmt.Printf("%#v\n", Flag(true))
	fmt.Printf("%#v\n", Ratio(0.5))
	fmt.Printf("%#v\n", Pair{"k", Level(1)})
	fmt.Printf("%#v\n", Pair{"k", nil})
	fmt.Printf("%#v\n", []any{Level(2), Tags{}, Ratio(1)})
	fmt.Printf("%#v\n", struct {
		A int
		B string
	}{1, "b"})
	fmt.Printf("%#v\n", [2]Flag{true, false})
	fmt.Printf("%#v %#v %#v\n", "q\"s", 'r', uint8(7))
	fmt.Printf("%v|%+v|%#v\n", Pair{"z", Pair{"in", 1}}, Pair{"z", 2}, &Pair{"p", "s"})
}
