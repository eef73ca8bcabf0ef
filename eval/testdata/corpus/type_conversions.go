// Conversions between numeric types, strings, byte and rune slices, named types.
package main

import (
	"fmt"
	"strconv"
)

type Meters float64
type Feet float64

func toFeet(m Meters) Feet { return Feet(m * 3.28084) }

type Names []string

func (n Names) First() string { return n[0] }

func main() {
	i := 65
	fmt.Println(float64(i)/2, string(rune(i)), strconv.Itoa(i))
	f := 9.99
	fmt.Println(int(f), int64(-f), uint8(int(f)))
	fmt.Printf("%.2f\n", toFeet(100))
	s := "abc"
	b := []byte(s)
	b[0] = 'A'
	fmt.Println(s, string(b), []rune("ñ"))
	ns := Names([]string{"x", "y"})
	fmt.Println(ns.First(), len(ns), []string(ns))
	var m Meters = 3
	fmt.Println(m+Meters(f), float64(m))
}
