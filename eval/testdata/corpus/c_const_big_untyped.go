package main

import (
	"fmt"
	"math"
)

const Huge = 1 << 100
const Big = Huge >> 98

const (
	KiB = 1 << 10
	EiB = 1 << 60
)

func main() {
	fmt.Println(Big, Huge>>90)
	var u uint64 = math.MaxUint64
	fmt.Println(u, math.MaxUint64 > 0, uint64(math.MaxUint64)/2)
	fmt.Println(math.MaxInt64, math.MinInt64, math.MaxInt8, math.MaxUint32)
	fmt.Println(EiB/KiB, float64(Huge))
	const third = 1.0 / 3
	fmt.Println(third, third*3 == 1)
	x := 10
	fmt.Println(x/3, x/3.0 == 3, 7/2, 7/2.0, -7/2, -7%3)
	const r = 'a' + 1
	fmt.Printf("%v %c %T\n", r, r, r)
	var f32 float32 = math.Pi
	fmt.Println(f32, math.Pi, float64(f32) == math.Pi)
	fmt.Println(math.MaxFloat64, math.SmallestNonzeroFloat64)
	const s = "const" + "ant"
	fmt.Println(len(s), s[1:3])
	var i8 int8 = -128
	fmt.Println(-i8, i8-1, ^0, ^uint8(0))
	fmt.Println(1e3 == 1000, 0x1p-2, 0o17, 0b1011, 1_000_000)
}
