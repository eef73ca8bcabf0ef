package main

import (
	"fmt"
	"math"
	"math/bits"
)

func main() {
	vals := []float64{-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.675}
	for _, v := range vals {
		fmt.Printf("%5.3f: floor=%v ceil=%v round=%v even=%v trunc=%v\n", v, math.Floor(v), math.Ceil(v), math.Round(v), math.RoundToEven(v), math.Trunc(v))
	}
	fmt.Println(math.Mod(7, -3), math.Mod(-7, 3), math.Remainder(7, 3), math.Abs(-0.0))
	fmt.Println(math.Sqrt(2), math.Cbrt(27), math.Pow(2, 0.5), math.Pow(-8, 1.0/3), math.Hypot(3, 4))
	fmt.Println(math.Log(math.E), math.Log2(1024), math.Log10(0.001), math.Exp(1))
	fmt.Printf("%.4f %.4f %.4f\n", math.Sin(math.Pi/6), math.Cos(math.Pi/3), math.Atan2(1, -1))
	fmt.Println(math.MaxInt8, math.MinInt16, math.MaxUint16, math.MaxFloat32)
	fmt.Println(math.IsNaN(math.Sqrt(-1)), math.IsInf(1/math.Inf(-1), 0), math.Signbit(-0.0), math.Copysign(3, -1))
	fr, exp := math.Frexp(12)
	fmt.Println(fr, exp, math.Ldexp(0.5, 4))
	ip, fp := math.Modf(-3.75)
	fmt.Println(ip, fp, math.Float64bits(1.0), math.Float32frombits(0x40490fdb))
	fmt.Println(bits.OnesCount(255), bits.LeadingZeros64(1), bits.TrailingZeros(8), bits.Len(1023), bits.Reverse8(1), bits.RotateLeft8(0b10000001, 1))
	hi, lo := bits.Mul64(math.MaxUint64, 2)
	sum, carry := bits.Add64(math.MaxUint64, 1, 0)
	fmt.Println(hi, lo, sum, carry)
	fmt.Println(math.Max(3, math.NaN()), math.Min(-0.0, 0), math.Dim(5, 3), math.Dim(3, 5))
	var z float64
	fmt.Println(1/z, -1/z, z/z, int64(math.Float64frombits(0x4000000000000000)))
	fmt.Println(math.Nextafter(1, 2)-1, math.Gamma(5), math.Erf(0))
}
