package main

import (
	"fmt"
	"math/bits"
)

func main() {
	var x uint32 = 0xF0F0_1234
	fmt.Printf("%032b\n%08x %X %#x %o %O\n", x, x, x, x, x, x)
	fmt.Println(bits.OnesCount32(x), bits.LeadingZeros32(x), bits.TrailingZeros32(x), bits.Len32(x))
	fmt.Printf("%08x %08x %08x\n", bits.RotateLeft32(x, 8), bits.RotateLeft32(x, -4), bits.Reverse32(x))
	fmt.Printf("%08x\n", bits.ReverseBytes32(x))
	hi, lo := bits.Mul64(0xFFFFFFFFFFFFFFFF, 3)
	fmt.Println(hi, lo)
	sum, carry := bits.Add64(1<<63, 1<<63, 1)
	fmt.Println(sum, carry)
	q, r := bits.Div64(1, 0, 7)
	fmt.Println(q, r)
	var a int8 = -128
	fmt.Println(a>>1, a>>7, uint8(a)>>1, -a, a/-1, a*a)
	var u uint8 = 200
	fmt.Println(u+100, u<<1, u>>9, ^u, u&^0x0F, u|0x07, u^0xFF)
	var i int = -7
	fmt.Println(i>>1, i/2, i%3, -7%-3, 7%-3, i&3, uint(i)>>60)
	sh := 70
	fmt.Println(1<<sh == 0, uint64(1)<<(sh-7), int64(-1)<<63)
	// set bits enumeration
	var set uint64 = 0b1011_0010_0000_0001
	for set != 0 {
		t := bits.TrailingZeros64(set)
		fmt.Print(t, " ")
		set &= set - 1
	}
	fmt.Println()
	// gray code
	for n := uint(0); n < 8; n++ {
		g := n ^ (n >> 1)
		fmt.Printf("%03b ", g)
	}
	fmt.Println()
	// nextpow2
	for _, n := range []uint32{0, 1, 5, 16, 17, 1000} {
		p := uint32(1)
		if n > 1 {
			p = 1 << bits.Len32(n-1)
		}
		fmt.Print(p, ",")
	}
	fmt.Println()
}
