// Floating point: printing, NaN, infinity, rounding, conversions.
package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(0.1+0.2, 1.0, 2.5e10, 1e-7, float32(0.1))
	fmt.Println(math.Sqrt(2), math.Floor(-2.5), math.Ceil(2.1), math.Round(2.5), math.Trunc(-2.7))
	nan := math.NaN()
	fmt.Println(nan == nan, math.IsNaN(nan), math.Inf(1), -math.Inf(1))
	fmt.Println(math.MaxFloat64, math.SmallestNonzeroFloat64)
	var z float64
	fmt.Println(1/z, -1/z, z/z)
	fmt.Println(math.Abs(-3), math.Pow(2, 10), math.Mod(7, 3), math.Hypot(3, 4))
	fmt.Printf("%.10f %v\n", math.Pi, float32(math.Pi))
	f := 3.99
	fmt.Println(int(f), int(-f), float64(7)/2, 7/2)
}
