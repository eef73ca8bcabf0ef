package main

import (
	"fmt"
	"math"
	"strconv"
)

func main() {
	vals := []float64{0, 1, -1.5, 123456789.0, 1e21, 1e-7, 0.1 + 0.2, 100, 2.5e-5}
	for _, v := range vals {
		fmt.Printf("%v|%g|%e|%.3f|%8.2f|%G\n", v, v, v, v, v, v)
	}
	negz := math.Copysign(0, -1)
	fmt.Println(negz, -negz, 1/negz, math.Signbit(negz))
	fmt.Printf("%v %.2f %g %+.1f\n", negz, negz, negz, negz)
	nan := math.NaN()
	inf := math.Inf(1)
	fmt.Println(nan, inf, -inf, nan == nan, inf > math.MaxFloat64)
	fmt.Printf("%5.1f|%-6v|%+v|%e\n", nan, inf, -inf, inf)
	fmt.Println(float32(0.1), float64(float32(0.1)), float32(1)/3)
	fmt.Println(strconv.FormatFloat(1.0/3, 'f', -1, 64), strconv.FormatFloat(1.0/3, 'f', -1, 32))
	fmt.Println(strconv.FormatFloat(1234.5678, 'e', 2, 64), strconv.FormatFloat(0.000012, 'g', -1, 64))
	fmt.Println(math.Round(2.5), math.Round(-2.5), math.RoundToEven(2.5), math.Trunc(-2.7), math.Floor(-2.1))
	fmt.Println(math.Mod(7, -3), math.Remainder(7, 3), math.Sqrt(-1), math.Log(0))
	fmt.Printf("%x %X %b\n", 1.0, 255.5, 2.0)
	fmt.Printf("%6.3g|%.0f|%.0f|%.1f\n", 3.14159, 0.5, 1.5, 0.05)
	var f32 float32 = 16777216
	fmt.Println(f32+1 == f32, float64(f32)+1)
	fmt.Println(math.MaxFloat32, math.SmallestNonzeroFloat64)
	c := complex(1.5, -2)
	fmt.Println(c, real(c), imag(c))
	fmt.Printf("%.1f %v\n", c, complex64(c))
	fmt.Println(int64(math.Float64bits(1.0)), math.Float32frombits(0x40490fdb))
}
