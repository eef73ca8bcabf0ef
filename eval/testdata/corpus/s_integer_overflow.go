package main

import (
	"fmt"
	"math"
)

func main() {
	var i8 int8 = 127
	i8++
	fmt.Println(i8)
	var u8 uint8 = 0
	u8--
	fmt.Println(u8)
	var i32 int32 = math.MaxInt32
	i32 += 1
	fmt.Println(i32)
	x := math.MaxInt64
	x++
	fmt.Println(x == math.MinInt64)
	var u uint = 3
	fmt.Println(u-5 > 0)
	fmt.Println(-7/2, -7%2, 7>>1, -7>>1, 1<<3|1, 6&^4)
}
