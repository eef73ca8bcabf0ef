package main

import "fmt"

type Celsius int16

func avg8(a, b uint8) uint8 { return (a + b) / 2 }

func main() {
	var a, b int32 = 1 << 30, 4
	fmt.Println(a*b/4, a*b, (a*b)>>1)
	var x, y uint8 = 1, 2
	fmt.Println((x-y)/2, x-y, uint16(x-y), int(x)-int(y))
	fmt.Println(avg8(200, 100), (uint16(200)+100)/2)
	var i8 int8 = 100
	fmt.Println((i8+i8)/2, i8*3, -i8*2)
	var t Celsius = 30000
	fmt.Println(t+t, (t+t)/2, t*2 > t)
	var f32 float32 = 0.1
	var sum float32
	for i := 0; i < 10; i++ {
		sum += f32
	}
	fmt.Println(sum, sum == 1, float64(sum))
	var p, q, r float32 = 1.1, 2.2, 3.3
	fmt.Println(p*q+r, (p+q)*r, p/q, float64(p)*float64(q))
	var u32 uint32 = 4000000000
	fmt.Println(u32+u32, u32*2/2, u32<<1>>1)
	var u16 uint16 = 65000
	fmt.Println(u16+1000, u16*u16, ^u16, -u16)
	var i16 int16 = -32768
	fmt.Println(-i16, i16/-1, i16-1, i16%-1)
	h := uint32(0)
	for _, c := range "abc" {
		h = h*31 + uint32(c)
	}
	fmt.Println(h, int8(h), uint8(h))
	var bits uint8 = 0b1011_0001
	fmt.Println(bits<<2, bits>>3, bits&^0b1, bits|0x0f, bits^0xff)
	n := int64(1) << 40
	fmt.Println(int32(n), int32(n+5), uint8(n+300))
	var m int = -1
	fmt.Println(uint32(m), uint64(m)>>60, uint(m)%10)
}
