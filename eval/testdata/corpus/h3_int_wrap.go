package main

import (
	"fmt"
	"math"
)

func checksum(data []byte) uint8 {
	var s uint8
	for _, b := range data {
		s += b
	}
	return s
}

func hash32(s string) uint32 {
	var h uint32 = 2166136261
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

func main() {
	var a int8 = 127
	a++
	fmt.Println(a)
	var b int8 = -128
	b--
	fmt.Println(b, -b)
	var c uint8 = 0
	c--
	fmt.Println(c)
	var d int32 = math.MaxInt32
	d += 1
	fmt.Println(d)
	var e uint16 = 65535
	e *= e
	fmt.Println(e)
	fmt.Println(checksum([]byte("hello, world")))
	fmt.Println(hash32("peerbook"), hash32(""))
	var f int64 = math.MinInt64
	fmt.Println(f/-1, f%-1, -f)
	x := int8(-7)
	fmt.Println(x/2, x%2, x>>1, uint8(x), uint8(x)>>1)
	var g int16 = 300
	fmt.Println(int8(g), uint8(g), int8(-g))
	h := uint32(1) << 31
	fmt.Println(h, int32(h), h<<1)
	var mul int32 = 100000
	fmt.Println(mul * mul)
	var u uint = 3
	fmt.Println(u-5 > 0, int(u)-5)
	fl := 300.7
	fmt.Println(int(fl), uint8(int(fl)), int8(int(-fl)))
	for i := int8(120); i > 0 && i < 127; i += 3 {
		fmt.Print(i, " ")
	}
	fmt.Println()
}
