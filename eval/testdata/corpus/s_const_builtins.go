package main

import (
	"fmt"
	"math"
)

type Weekday int

const (
	Sunday, SundayAbbr Weekday = iota, iota + 10
	Monday, MondayAbbr
	Tuesday, TuesdayAbbr
)

func (d Weekday) String() string {
	switch d {
	case Sunday:
		return "Sunday"
	case Monday:
		return "Monday"
	case Tuesday:
		return "Tuesday"
	}
	return fmt.Sprintf("Weekday(%d)", int(d))
}

func main() {
	fmt.Println(math.MaxUint64 > 0, uint64(math.MaxUint64))
	var u uint64 = math.MaxUint64
	fmt.Println(u, u > 0, math.MaxInt64, math.MinInt64)
	c := complex(0, math.Pi)
	fmt.Println(c, real(c), imag(c))
	fmt.Printf("%.4f\n", imag(complex(1, math.Pi/2)))
	p := new(3)
	fmt.Println(*p)
	q := new(int64(7))
	*q++
	fmt.Println(*q)
	s := new("hi")
	fmt.Println(*s + "!")
	fmt.Println(Sunday, SundayAbbr, Monday, MondayAbbr, Tuesday, TuesdayAbbr)
	const big = 1 << 100
	fmt.Println(big >> 98)
	fmt.Println(math.MaxFloat32 > 1e38, math.SmallestNonzeroFloat64 > 0)
}
