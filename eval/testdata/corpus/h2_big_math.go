package main

import (
	"fmt"
	"math/big"
)

func fact(n int64) *big.Int {
	r := big.NewInt(1)
	for i := int64(2); i <= n; i++ {
		r.Mul(r, big.NewInt(i))
	}
	return r
}

func fib(n int) *big.Int {
	a, b := big.NewInt(0), big.NewInt(1)
	for i := 0; i < n; i++ {
		a.Add(a, b)
		a, b = b, a
	}
	return a
}

func main() {
	f := fact(30)
	fmt.Println(f, f.BitLen(), len(f.String()))
	fmt.Println(fib(100), fib(1))
	x, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	y := big.NewInt(987654321)
	q, m := new(big.Int).QuoRem(x, y, new(big.Int))
	fmt.Println(q, m)
	neg := big.NewInt(-7)
	d, mo := new(big.Int).DivMod(neg, big.NewInt(3), new(big.Int))
	qq, rr := new(big.Int).QuoRem(neg, big.NewInt(3), new(big.Int))
	fmt.Println(d, mo, qq, rr)
	fmt.Println(new(big.Int).Exp(big.NewInt(2), big.NewInt(100), nil), new(big.Int).Exp(big.NewInt(3), big.NewInt(200), big.NewInt(1000007)))
	fmt.Println(new(big.Int).GCD(nil, nil, big.NewInt(462), big.NewInt(1071)), big.NewInt(97).ProbablyPrime(10))
	fmt.Printf("%x %b %s %v\n", big.NewInt(255), big.NewInt(5), x.Text(36), x.Cmp(y))
	r := big.NewRat(1, 3)
	r.Add(r, big.NewRat(1, 6))
	fmt.Println(r, r.FloatString(5), new(big.Rat).SetFrac64(10, -4))
	sum := new(big.Rat)
	for i := int64(1); i <= 10; i++ {
		sum.Add(sum, big.NewRat(1, i))
	}
	fmt.Println(sum, sum.FloatString(10))
	bf := new(big.Float).SetPrec(200)
	bf.SetInt64(2)
	bf.Sqrt(bf)
	fmt.Println(bf.Text('f', 50))
	fmt.Printf("%.20f\n", bf)
	z := new(big.Float).Quo(big.NewFloat(1), big.NewFloat(3))
	fmt.Println(z, z.Prec(), z.String())
	n := new(big.Int)
	fmt.Sscan("0x1f", n)
	fmt.Println(n, n.Sign(), new(big.Int).Neg(n).Sign(), new(big.Int).Sqrt(big.NewInt(1000)))
}
