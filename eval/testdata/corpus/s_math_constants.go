package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(math.MaxUint32, uint64(math.MaxUint64), math.MaxInt8)
	fmt.Println(math.MaxUint64 > math.MaxInt64, math.MaxUint64/2 == math.MaxInt64)
	var u uint64 = math.MaxUint64 - 1
	fmt.Println(u)
	fmt.Printf("%.10f %.10f\n", math.Pi, math.E)
	c := complex(math.Sqrt2, math.Pi)
	fmt.Printf("%.3f\n", c)
	fmt.Println(math.Phi > 1.6, math.Ln2 < 1, float32(math.MaxFloat32) > 0)
	const third = 1.0 / 3
	fmt.Println(third*3 == 1, float32(third))
}
