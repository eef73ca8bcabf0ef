// Shifts whose count is an expression of another type than the shifted operand, with
// untyped constants in it (bit masks), as code that packs bits writes them.
package main

import "fmt"

type Flags uint16

func pack(fields []uint8, widths []uint8) uint64 {
	var out uint64
	var pos uint8
	for i, f := range fields {
		out |= uint64(f&(1<<widths[i]-1)) << (pos & 63)
		pos += widths[i]
	}
	return out
}

func main() {
	var f Flags = 1
	shift := []uint8{3, 9}
	f |= f << ((shift[0] * 2) & 15)
	f >>= (uint(shift[1]) % 4) & 7
	var b int8 = -64
	b >>= (uint64(shift[0]) + 1) & 7
	var g Flags = (f >> ((uint8(13) / (shift[0] | 1)) & 7))
	var h int8 = (b << ((uint(17) % (uint(shift[1]) | 1)) & 3))
	fmt.Println(f, b, g, h, pack([]uint8{5, 3, 200}, []uint8{3, 2, 8}))
	fmt.Printf("%016b %x\n", uint16(f)<<((shift[1]%4)&15), int64(1)<<((uint32(shift[0])*7)&63))
}
