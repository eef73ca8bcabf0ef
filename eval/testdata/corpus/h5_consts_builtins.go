package main

import (
	"fmt"
	"math"
	"math/bits"
)

const big = 1 << 100

type Size uint64

const (
	Small Size = iota + 1
	Medium
	Large
)

func (s Size) String() string {
	switch s {
	case Small:
		return "S"
	case Medium:
		return "M"
	}
	return fmt.Sprintf("Size(%d)", uint64(s))
}

const (
	A, B = iota, iota * 10
	C, D
	E, F
)

func main() {
	fmt.Println(math.MaxUint64 > 0, uint64(math.MaxUint64), math.MaxInt64, math.MinInt64)
	fmt.Println(big>>98, big/(1<<99))
	c := complex(0, math.Pi)
	fmt.Println(real(c), imag(c), c)
	fmt.Printf("%.3f\n", c*c)
	fmt.Println(Small, Medium, Large, Size(9))
	fmt.Println(A, B, C, D, E, F)
	fmt.Println(bits.OnesCount(255), bits.LeadingZeros64(1), bits.Len(8))
	x := []int{1, 2, 3}
	y := make([]int, 2, 10)
	n := copy(y, x)
	fmt.Println(n, y, len(y), cap(y))
	clear(x)
	fmt.Println(x)
	m := map[string]int{"a": 1}
	clear(m)
	fmt.Println(len(m))
	fmt.Println(min(3, 1, 2), max(2.5, 1), min("b", "a"))
	var u8 uint8 = 250
	u8 += 10
	var i8 int8 = 127
	i8++
	fmt.Println(u8, i8, -7/2, -7%2, 7>>1, -7>>1)
	fmt.Println(math.Inf(1), -math.Inf(1), math.NaN() == math.NaN())
	fmt.Println(len("héllo"), len([]rune("héllo")), string(rune(65)), "héllo"[1])
	p := new(int)
	*p = 3
	fmt.Println(*p)
	const typed int32 = 1 << 20
	fmt.Printf("%T %v %T\n", typed, typed, 'x')
	fmt.Println(0.1+0.2 == 0.3, 1e3, 1_000_000, 0b1010, 0o17, 0x1p-2)
}
