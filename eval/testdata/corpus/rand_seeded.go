// math/rand with a fixed seed gives a reproducible sequence.
package main

import (
	"fmt"
	"math/rand"
)

func main() {
	r := rand.New(rand.NewSource(42))
	for i := 0; i < 5; i++ {
		fmt.Print(r.Intn(100), " ")
	}
	fmt.Println()
	p := r.Perm(5)
	fmt.Println(p)
	s := []string{"a", "b", "c", "d"}
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	fmt.Println(s, len(s))
}
