package main

import (
	"fmt"
	"math/rand/v2"
)

func main() {
	r := rand.New(rand.NewPCG(42, 54))
	fmt.Println(r.IntN(1000), r.IntN(1000), r.Float64() < 1)
	xs := []int{1, 2, 3, 4, 5}
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	fmt.Println(xs)
	counts := make([]int, 3)
	for range 3000 {
		counts[rand.IntN(3)]++
	}
	ok := true
	for _, c := range counts {
		if c < 800 || c > 1200 {
			ok = false
		}
	}
	fmt.Println("roughly uniform:", ok)
	var small uint8 = rand.N[uint8](10)
	fmt.Println(small < 10)
}
