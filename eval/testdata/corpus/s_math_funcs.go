package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(math.Sqrt(2), math.Pow(2, 10), math.Cbrt(27))
	fmt.Printf("%.4f %.4f %.4f\n", math.Sin(math.Pi/6), math.Cos(0), math.Atan2(1, 1))
	fmt.Println(math.Inf(1), math.Inf(-1), math.NaN(), math.IsNaN(math.NaN()))
	fmt.Println(math.MaxInt32, math.MinInt16, math.MaxUint16)
	fmt.Println(math.Hypot(3, 4), math.Log2(1024), math.Log10(0.001), math.Exp(0))
	fmt.Println(math.Mod(7, 3), math.Remainder(7, 3), math.Ceil(1.2), math.Floor(-1.2))
	fmt.Println(math.Signbit(-0.0), math.Copysign(3, -1), math.Max(3, 7), math.Min(-1, math.Inf(-1)))
	fmt.Println(1/math.Inf(1), math.Float64bits(1.0))
}
