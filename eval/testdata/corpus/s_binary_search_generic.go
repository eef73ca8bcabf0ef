package main

import (
	"cmp"
	"fmt"
)

func search[T cmp.Ordered](xs []T, x T) int {
	lo, hi := 0, len(xs)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if xs[mid] < x {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(xs) && xs[lo] == x {
		return lo
	}
	return -1
}

func main() {
	xs := []int{1, 3, 5, 7, 9, 11}
	fmt.Println(search(xs, 7), search(xs, 4), search([]string{"a", "c", "e"}, "e"))
}
