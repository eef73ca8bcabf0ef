package main

import (
	"fmt"
	"strconv"
)

// An untyped constant shifted by a variable takes the type it would have in the shift's
// place: the other operand's, or the parameter's it is passed to (Go's test divmod.go:
// val|1<<uint(pos) with val a uint64).

func g(v uint64) uint64 { return v }

func h(a int8, b uint16) string { return fmt.Sprint(a, b) }

func main() {
	var val uint64 = 4
	pos := 3
	x := val | 1<<uint(pos)
	fmt.Printf("%v %T\n", x, x)
	y := (1 << pos) + val
	fmt.Printf("%v %T\n", y, y)
	fmt.Println(1<<pos == val, val != 1<<pos)
	fmt.Println(g(val|1<<uint(pos)), g(1<<pos))
	fmt.Println(h(1<<pos, 1<<(pos+10)))

	var u8 uint8 = 1 << pos
	var f32 float32 = 3
	fmt.Println(u8, val+1<<pos, f32)

	big := uint64(1)<<63 | 1<<63
	fmt.Println(big, strconv.FormatUint(val<<60|1<<62, 16))

	var i32 int32 = -1
	fmt.Println(i32&^(1<<pos), i32^1<<pos)
}
