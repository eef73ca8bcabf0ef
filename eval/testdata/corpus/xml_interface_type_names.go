package main

import (
	"encoding/xml"
	"fmt"
	"os"
)

type Celsius float64

type Point struct{ X, Y int }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type Tagged struct {
	XMLName xml.Name `xml:"tag"`
	N       int
}

type Names []string

type Box struct{ V any }

func main() {
	values := []any{Celsius(21.5), Point{1, 2}, &Point{3, 4}, Pair[string, int]{"a", 1},
		Tagged{N: 5}, []any{Celsius(1), Point{}}, []Celsius{2, 3}, Names{"a", "b"},
		Box{Celsius(3)}, 7, "s", []byte("hi"), map[string]int{}}
	for _, v := range values {
		b, err := xml.Marshal(v)
		fmt.Println(string(b), err)
	}
	var v any = Point{5, 6}
	b, _ := xml.MarshalIndent(v, "", " ")
	fmt.Println(string(b))
	enc := xml.NewEncoder(os.Stdout)
	enc.Encode(v)
	var t any = Celsius(-4)
	enc.Encode(t)
	fmt.Println()
}
