package main

import (
	"fmt"
	"math/big"
)

func main() {
	f := big.NewInt(1)
	for i := int64(1); i <= 30; i++ {
		f.Mul(f, big.NewInt(i))
	}
	fmt.Println(f)
	a, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	b := new(big.Int).Exp(big.NewInt(2), big.NewInt(100), nil)
	fmt.Println(new(big.Int).Add(a, b), a.Cmp(b))
	r := big.NewRat(1, 3)
	r.Add(r, big.NewRat(1, 6))
	fmt.Println(r, r.FloatString(5))
}
