package main

import (
	"fmt"
	"math"
)

type Small int8
type Port uint16

func main() {
	var a int8 = -1
	var b uint8 = 200
	fmt.Println(uint16(a), uint32(a), uint64(a), int8(b), int16(b), uint8(a))
	x := 300
	fmt.Println(uint8(x), int8(x), uint16(-x), int16(70000+x))
	var f32 float32 = 16777217
	fmt.Println(int(f32), int64(float32(0.1)*10), float32(1)/3)
	fl := -2.7
	fmt.Println(int(fl), int(-fl), int64(math.Trunc(fl)), int(math.Round(fl)))
	fmt.Println(-5&3, -5|3, -5^3, ^-5, -5>>1, -5%3, 5%-3, -5/2)
	var u uint = 3
	fmt.Println(u-5 > 0, int(u)-5, uint8(u)-5)
	s := Small(100)
	p := Port(65535)
	m := Small(-128)
	fmt.Println(s+s, m-1, p+1, Port(80)*p, -m)
	var i64 int64 = math.MaxInt64
	fmt.Println(i64+1, int32(i64), float64(i64), uint64(i64)+1)
	c := 'Z' + 1
	fmt.Printf("%c %d %T\n", c, c, c)
	var r rune = 0x10FFFF + 1
	fmt.Println(string(r) == "\uFFFD", len(string(rune(0x1F600))))
	bs := []byte{0xff, 0x01}
	fmt.Println(int8(bs[0]), uint16(bs[0])<<8|uint16(bs[1]), int(int8(bs[0]))*2)
	fmt.Println(7/2*2, 7.0/2*2, float64(7/2), 1<<3+1, 2*3%4)
	var h uint64 = 14695981039346656037
	for _, ch := range []byte("go") {
		h ^= uint64(ch)
		h *= 1099511628211
	}
	fmt.Println(h, h%1000, int64(h))
}
