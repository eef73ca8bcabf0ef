// Generic inference where a type parameter appears in several arguments and results.
package main

import (
	"fmt"
	"strings"
)

func GroupBy[T any, K comparable](xs []T, key func(T) K) map[K][]T {
	out := map[K][]T{}
	for _, x := range xs {
		k := key(x)
		out[k] = append(out[k], x)
	}
	return out
}

func Zip[A, B any](as []A, bs []B) []struct {
	A A
	B B
} {
	n := min(len(as), len(bs))
	out := make([]struct {
		A A
		B B
	}, n)
	for i := range n {
		out[i].A, out[i].B = as[i], bs[i]
	}
	return out
}

func Apply[T any](x T, fs ...func(T) T) T {
	for _, f := range fs {
		x = f(x)
	}
	return x
}

func main() {
	words := []string{"apple", "avocado", "banana", "blueberry", "cherry"}
	g := GroupBy(words, func(s string) byte { return s[0] })
	fmt.Println(len(g), g['a'], g['c'])
	byLen := GroupBy(words, func(s string) int { return len(s) })
	fmt.Println(byLen[6])
	fmt.Println(Zip([]int{1, 2, 3}, []string{"x", "y"}))
	fmt.Println(Apply("go", strings.ToUpper, func(s string) string { return s + "!" }))
	fmt.Println(Apply(3))
}
