package main

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
)

func main() {
	var x uint8 = 200
	x += 100
	var y int8 = 127
	y++
	var z int16 = -32768
	z = -z
	var u uint = 0
	u--
	fmt.Println(x, y, z, u == math.MaxUint, uint32(1<<32-1)+uint32(x/200))
	a := int32(math.MaxInt32)
	fmt.Println(a*2, a+a+2, -a-2, int64(a)*2)
	var i64 int64 = math.MinInt64
	fmt.Println(i64/-1, i64%-1, -i64)
	n := -7
	fmt.Println(n/2, n%2, n>>1, uint8(n), -n/2, n&3)
	var s uint = 70
	fmt.Println(1<<s == 0, int64(1)<<62, uint64(1)<<s, int8(-128)>>7, uint8(255)>>s)
	fmt.Println(bits.LeadingZeros32(1), bits.TrailingZeros64(48), bits.OnesCount16(0xF0F0), bits.Len(255))
	fmt.Println(bits.RotateLeft8(0b10010110, 3), bits.RotateLeft32(1, -1), bits.Reverse8(1), bits.ReverseBytes16(0xABCD))
	sum, carry := bits.Add64(math.MaxUint64, 2, 0)
	hi, lo := bits.Mul64(1<<63, 6)
	q, r := bits.Div64(1, 0, 3)
	fmt.Println(sum, carry, hi, lo, q, r)
	diff, borrow := bits.Sub32(1, 2, 0)
	fmt.Println(diff, borrow, bits.UintSize)
	f := new(big.Int)
	f.MulRange(1, 30)
	fmt.Println(f, f.BitLen(), len(f.String()))
	fib := [2]*big.Int{big.NewInt(0), big.NewInt(1)}
	for i := 0; i < 100; i++ {
		fib[0].Add(fib[0], fib[1])
		fib[0], fib[1] = fib[1], fib[0]
	}
	fmt.Println(fib[0])
	p := big.NewInt(2)
	p.Exp(p, big.NewInt(127), nil).Sub(p, big.NewInt(1))
	fmt.Println(p, p.ProbablyPrime(20))
	g := new(big.Int).GCD(nil, nil, big.NewInt(462), big.NewInt(1071))
	fmt.Println(g, new(big.Int).Mod(big.NewInt(-7), big.NewInt(3)), new(big.Int).Rem(big.NewInt(-7), big.NewInt(3)))
	rat := big.NewRat(1, 3)
	rat.Add(rat, big.NewRat(1, 6))
	fmt.Println(rat, rat.FloatString(5), new(big.Rat).SetFrac64(10, -4))
	bf := new(big.Float).SetPrec(100).SetInt64(2)
	bf.Sqrt(bf)
	fmt.Println(bf.Text('f', 25), bf.Prec())
	v, ok := new(big.Int).SetString("ff_ff", 0)
	fmt.Println(v, ok)
	v2, ok2 := new(big.Int).SetString("123456789012345678901234567890", 10)
	fmt.Printf("%v %v %x %s\n", v2, ok2, v2, v2.Text(36))
	fmt.Println(v2.Cmp(p), v2.Sign(), new(big.Int).Neg(v2).Sign())
	fmt.Println(math.Inf(1), -math.Inf(1), math.NaN() == math.NaN(), math.Float64bits(1.0))
	fmt.Println(math.Floor(-2.5), math.Round(-2.5), math.RoundToEven(2.5), math.Trunc(-2.7), math.Mod(7, -3), math.Remainder(7, 3))
	fmt.Println(int(math.Round(2.5)), int64(float64(1<<53)+1), float32(0.1), float64(float32(0.1)))
	fmt.Println(math.MaxInt8, math.MinInt16, math.MaxUint16, math.SmallestNonzeroFloat64 > 0, math.MaxFloat32)
}
