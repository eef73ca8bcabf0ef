package main

import (
	"fmt"
	"math/bits"
	"strconv"
)

func main() {
	for _, n := range []uint{0, 1, 5, 255, 1024} {
		fmt.Printf("%d %b %d %d\n", n, n, bits.OnesCount(n), bits.Len(n))
	}
	fmt.Println(strconv.FormatInt(-10, 2), bits.Reverse8(1), bits.RotateLeft8(0b10000001, 1))
	hi, lo := bits.Mul64(1<<63, 4)
	fmt.Println(hi, lo, bits.TrailingZeros(8))
}
