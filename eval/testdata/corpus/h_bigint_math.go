package main

import (
	"fmt"
	"math/big"
)

func factorial(n int64) *big.Int {
	r := big.NewInt(1)
	for i := int64(2); i <= n; i++ {
		r.Mul(r, big.NewInt(i))
	}
	return r
}

func main() {
	f := factorial(30)
	fmt.Println(f, len(f.String()))
	a, b := big.NewInt(0), big.NewInt(1)
	for i := 0; i < 100; i++ {
		a.Add(a, b)
		a, b = b, a
	}
	fmt.Println("fib100:", a)
	x, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	y := new(big.Int).Exp(big.NewInt(2), big.NewInt(100), nil)
	fmt.Println(x.Cmp(y), new(big.Int).Mod(x, big.NewInt(97)), y.BitLen())
	q, r := new(big.Int).QuoRem(x, big.NewInt(1000), new(big.Int))
	fmt.Println(q, r)
	fmt.Println(new(big.Int).GCD(nil, nil, big.NewInt(84), big.NewInt(36)))
	rat := big.NewRat(1, 3)
	rat.Add(rat, big.NewRat(1, 6))
	fmt.Println(rat, rat.FloatString(5))
	fl := new(big.Float).SetPrec(100).SetInt64(2)
	fl.Sqrt(fl)
	fmt.Println(fl.Text('f', 25))
	fmt.Printf("%x %s %v\n", y, x.Text(36), big.NewInt(-5).Sign())
	fmt.Println(big.NewInt(17).ProbablyPrime(10), big.NewInt(91).ProbablyPrime(10))
}
