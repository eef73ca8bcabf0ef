package main

import (
	"fmt"
	"math/rand/v2"
	"time"
)

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		fmt.Print(r.IntN(100), " ")
	}
	fmt.Println()
	ok := true
	for range 1000 {
		d := rand.N(10 * time.Second)
		if d < 0 || d >= 10*time.Second {
			ok = false
		}
		k := rand.N(int64(7))
		if k < 0 || k >= 7 {
			ok = false
		}
	}
	fmt.Println("in range:", ok)
	p := r.Perm(5)
	fmt.Println(len(p))
	fmt.Println(rand.New(rand.NewChaCha8([32]byte{})).Uint64())
}
