package main

import (
	"fmt"
	"math"
)

const (
	a     = 0.1
	b     = 0.2
	sum   = a + b
	big   = 1 << 100
	small = big >> 98
	third = 1.0 / 3
)

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
)

const (
	_  = iota
	KB = 1 << (10 * iota)
	MB
	GB
)

func main() {
	fmt.Println(sum == 0.3, a+b == 0.3)
	x, y := 0.1, 0.2
	fmt.Println(x+y == 0.3, x+y)
	fmt.Println(small, big/big, float64(big))
	fmt.Println(third*3 == 1, third)
	fmt.Println(KB, MB, GB, GB/MB)
	fmt.Println(Tuesday-Monday, Monday*2)
	const huge = math.MaxUint64
	var u uint64 = huge
	fmt.Println(u, huge > 0, uint64(math.MaxUint64)%7)
	fmt.Println(math.MaxInt64, math.MinInt64, math.SmallestNonzeroFloat64 > 0)
	const c = 7 / 2
	const d = 7 / 2.0
	fmt.Println(c, d, 7.0/2, 1e3, int64(1e18))
	fmt.Println(len("héllo"), len([]rune("héllo")))
	const s = "abc" + "def"
	fmt.Println(s[1:4], len(s))
	fmt.Println(math.Pi, float32(math.Pi), math.Inf(1), -math.Inf(1), math.NaN() == math.NaN())
	var f32 float32 = 16777216
	fmt.Println(f32+1 == f32, float32(0.1), float64(float32(0.1)))
	fmt.Println(5.0/3.0, 1e100, 123456789.0, 1234567890123456789.0)
}
