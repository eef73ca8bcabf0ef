// Bit manipulation and math/bits.
package main

import (
	"fmt"
	"math/bits"
)

func main() {
	x := uint8(0b1011_0010)
	fmt.Printf("%08b %d %d\n", x, bits.OnesCount8(x), bits.LeadingZeros8(x))
	fmt.Println(bits.TrailingZeros(8), bits.Len(255), bits.Reverse8(1))
	a, b := 0b1100, 0b1010
	fmt.Printf("%04b %04b %04b %04b\n", a&b, a|b, a^b, a&^b)
	fmt.Println(1<<10, 1024>>3, ^0, -1<<3)
	hi, lo := bits.Mul64(1<<63, 4)
	fmt.Println(hi, lo)
	var flags uint
	const (
		Read = 1 << iota
		Write
		Exec
	)
	flags |= Read | Exec
	fmt.Println(flags&Write != 0, flags&Exec != 0, flags)
	fmt.Println(bits.RotateLeft32(1, -1))
}
