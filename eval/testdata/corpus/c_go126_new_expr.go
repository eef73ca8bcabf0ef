package main

import (
	"encoding/json"
	"fmt"
)

type Options struct {
	Name    *string `json:"name,omitempty"`
	Retries *int    `json:"retries,omitempty"`
	Verbose *bool   `json:"verbose,omitempty"`
}

type Celsius float64

func describe(o Options) string {
	b, _ := json.Marshal(o)
	return string(b)
}

func main() {
	p := new(42)
	fmt.Println(*p)
	*p++
	fmt.Println(*p)
	o := Options{Name: new("server"), Retries: new(3)}
	fmt.Println(describe(o))
	o.Verbose = new(len("x") > 0)
	fmt.Println(describe(o))
	t := new(Celsius(36.6))
	fmt.Printf("%T %v\n", t, *t)
	s := new([]int{1, 2, 3})
	*s = append(*s, 4)
	fmt.Println(*s, len(*s))
	q := new(int)
	fmt.Println(*q)
	f := new(2.5 * 2)
	fmt.Printf("%T %v\n", f, *f)
	x := 7
	px := new(x * 2)
	x = 100
	fmt.Println(*px)
}
