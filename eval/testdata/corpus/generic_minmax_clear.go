// min, max and clear inside generic functions.
package main

import (
	"cmp"
	"fmt"
)

func Clamp[T cmp.Ordered](v, lo, hi T) T {
	return max(lo, min(v, hi))
}

func Reset[S ~[]E, E any](s S) S {
	clear(s)
	return s[:0]
}

func Extremes[T cmp.Ordered](xs ...T) (T, T) {
	lo, hi := xs[0], xs[0]
	for _, x := range xs[1:] {
		lo = min(lo, x)
		hi = max(hi, x)
	}
	return lo, hi
}

func main() {
	fmt.Println(Clamp(15, 0, 10), Clamp(-2.5, -1, 1), Clamp("m", "a", "k"))
	s := []int{1, 2, 3}
	r := Reset(s)
	fmt.Println(s, len(r), cap(r))
	fmt.Println(Extremes(4, 9, -1, 7))
	fmt.Println(Extremes("pear", "apple"))
}
