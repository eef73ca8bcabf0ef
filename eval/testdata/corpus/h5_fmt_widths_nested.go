package main

import (
	"fmt"
	"time"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Pos struct{ X, Y int }
type Color int

func (c Color) String() string { return []string{"red", "green"}[c] }

type Reading struct {
	At   time.Time
	Temp Celsius
	Pos  Pos
	Err  error
	Tags map[Color]bool
}

type Money int64

func main() {
	r := Reading{At: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC), Temp: 21.25, Pos: Pos{1, 2}, Tags: map[Color]bool{1: true, 0: false}}
	fmt.Printf("%v\n%+v\n", r, r)
	fmt.Printf("[%-10s][%10v][%q][%x]\n", Celsius(3), Celsius(4), Celsius(5), Celsius(6))
	fmt.Printf("%6.2f|%e|%g\n", Celsius(1.234), Celsius(2), Celsius(0.5))
	m := map[Pos]Color{{2, 1}: 0, {1, 5}: 1, {1, 2}: 1}
	fmt.Println(m)
	nested := map[string]map[Color][]Celsius{"a": {1: {1, 2}, 0: nil}}
	fmt.Println(nested)
	fmt.Printf("%x %X %o\n", Pos{10, 255}, []Money{255, 16}, Money(8))
	var e error
	fmt.Println(e, []error{nil}, Reading{}.Err)
	fmt.Printf("%s|%v|%d\n", []Celsius{1}, [2]Color{1, 0}, []Color{1, 0})
	fmt.Printf("%v %.3v %10.4v|\n", 1e21, 3.14159, "abcdefgh")
	fmt.Printf("%08b %#o %#x %+q\n", 5, 8, 255, "é")
	type pair struct {
		a, b any
	}
	fmt.Printf("%v %+v\n", pair{Celsius(1), Color(1)}, pair{nil, Pos{}})
}
