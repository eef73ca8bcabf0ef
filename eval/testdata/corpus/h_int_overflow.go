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
	c += 10
	fmt.Println(c)
	var u uint16 = 65535
	u *= 2
	fmt.Println(u)
	var x int64 = math.MinInt64
	fmt.Println(-x == x, x/-1)
	h := uint32(2166136261)
	for _, ch := range []byte("hello") {
		h ^= uint32(ch)
		h *= 16777619
	}
	fmt.Println("fnv:", h)
	var s int8 = -128
	fmt.Println(s>>1, uint8(s), int16(s)<<8)
	fmt.Println(-7/2, -7%2, 7%-2, -7>>1)
	var k uint = 1
	fmt.Println(k<<63>>63, k<<64)
	n := 200
	fmt.Println(byte(n+100), int8(n))
}
