// Integer overflow wraps around; unsigned arithmetic, conversions and shifts.
package main

import (
	"fmt"
	"math"
)

func main() {
	var a int8 = 127
	a++
	fmt.Println(a)
	var b uint8 = 0
	b--
	fmt.Println(b)
	var c int32 = math.MaxInt32
	c += 1
	fmt.Println(c)
	var u uint = 3
	fmt.Println(u-4 > 0)
	x := int64(math.MaxInt64)
	x++
	fmt.Println(x == math.MinInt64)
	big, neg, fl := 200, -1, -7.9
	fmt.Println(int8(big), uint16(big*350), int(fl), uint8(neg))
	var s uint8 = 1
	one := int16(1)
	fmt.Println(s<<7, s<<8, one<<15)
	var m uint32 = 1<<32 - 1
	m *= 2
	fmt.Println(m)
	fmt.Println(-7/2, -7%2, 7/-2, 7%-2, 7>>1, -7>>1)
	fmt.Println(math.MaxUint32, uint64(math.MaxUint64))
}
