package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

type Deck []string

func newDeck() Deck {
	var d Deck
	for _, s := range []string{"S", "H"} {
		for _, r := range []string{"A", "2", "3", "4"} {
			d = append(d, r+s)
		}
	}
	return d
}

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	fmt.Println(r.IntN(100), r.IntN(100), r.Float64() < 1, r.Uint64())
	d := newDeck()
	r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	fmt.Println(strings.Join(d, " "))
	c := rand.New(rand.NewChaCha8([32]byte{'p', 'e', 'e', 'r'}))
	rolls := make([]int, 8)
	for i := range rolls {
		rolls[i] = c.IntN(6) + 1
	}
	fmt.Println(rolls)
	fmt.Println(c.Perm(5))
	r2 := rand.New(rand.NewPCG(1, 2))
	fmt.Println(r2.IntN(100))
	fmt.Println(rand.N(1) == 0, rand.IntN(1))
	z := rand.NewZipf(rand.New(rand.NewPCG(7, 7)), 1.5, 2, 20)
	fmt.Println(z.Uint64(), z.Uint64(), z.Uint64())
}
