package main

import (
	"fmt"
	"math"
	"strconv"
)

type S struct {
	arr  [3]int
	name string
}

func modify(a [3]int) [3]int { a[0] = 100; return a }

func twice() []int { fmt.Println("twice called"); return []int{1, 2} }

func main() {
	x := int8(-128)
	m1 := int8(-1)
	fmt.Println(x/m1, x%m1, -x, x*m1)
	y := int32(math.MinInt32)
	fmt.Println(y/int32(m1), y%int32(m1))
	var f32 float32 = 0.1
	var sum32 float32
	for i := 0; i < 10; i++ {
		sum32 += f32
	}
	fmt.Println(sum32, sum32 == 1, float64(sum32))
	a32, b32, c32 := float32(1.1), float32(2.2), float32(3.3)
	fmt.Println(a32*b32+c32, a32*b32*c32, a32/c32, float32(16777216)+float32(1))
	r32 := a32 * b32
	fmt.Println(r32, r32 == a32*b32)
	var h float32 = 1 << 24
	h++
	fmt.Println(h, math.Float32bits(h))
	var c64 complex64 = complex(1.1, 2.2)
	fmt.Println(c64*c64, real(c64*c64))
	fmt.Println(1e100, 3/2.0, 1.0, float32(1)/3, 2.0/3)
	const c = 1.0
	fmt.Println(c, c/3, uint64(math.MaxUint64), math.MaxInt64)
	fmt.Println(string(rune(-1)), string(rune(0x110000)) == "\uFFFD", len(string(rune(0x10FFFF))))
	const n = len("héllo")
	var arr [n]bool
	fmt.Println(n, len(arr), "a" < "b", "abc" < "abd", "Z" < "a", "" < "a")
	s1 := S{[3]int{1, 2, 3}, "s1"}
	s2 := s1
	s2.arr[0] = 9
	fmt.Println(s1.arr, s2.arr, s1 == s2, modify(s1.arr), s1.arr)
	items := []S{s1, s2}
	for _, it := range items {
		it.arr[1] = 77
	}
	items[1].arr[2] = 55
	fmt.Println(items)
	pa := &items[0].arr
	pa[0] = -1
	fmt.Println(items[0].arr)
	counter := [2]int{}
	inc := func() { counter[0]++ }
	inc()
	inc()
	fmt.Println(counter)
	xs := []int{1, 2, 3}
	for i := range xs {
		xs = append(xs, i)
	}
	fmt.Println(xs)
	for i, v := range twice() {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	switch v := len(xs); {
	case v > 5:
		fmt.Println("big", v)
	default:
		fmt.Println("small", v)
	}
	i := 0
loop:
	if i < 3 {
		fmt.Print("goto", i, " ")
		i++
		goto loop
	}
	fmt.Println()
	var u8 uint8 = 250
	for j := 0; j < 10; j++ {
		u8++
	}
	fmt.Println(u8, ^u8, ^0, -(-128), uint16(0xFFFF)+uint16(u8))
	var sh int64 = 1
	sh <<= 62
	fmt.Println(sh, sh<<1, sh<<2, uint64(sh)<<1, int32(sh>>31))
	fmt.Println(strconv.FormatInt(-255, 2), strconv.FormatUint(math.MaxUint64, 36), 0b1010, 0o17, 0x1p-2, 1_000_000)
	fmt.Println(7/-2, -7/2, 7%-2, -7%2, 7.5/2, math.Mod(-7.5, 2))
	fl := 2.9
	ng := -2.9
	fmt.Println(int(fl), int(ng), int64(fl*10), uint8(fl), int(float32(0.1)*10))
	fmt.Println(float32(math.Pi), float64(float32(math.Pi)), math.Pi)
	fmt.Printf("%v %.20f %g\n", float32(0.1), float32(0.1), float32(1e10))
	var big uint64 = 1<<63 + 1
	fmt.Println(float64(big), int64(big), uint32(big), float32(big))
	mx := math.MaxInt64
	mx++
	fmt.Println(mx, mx == math.MinInt64)
}
