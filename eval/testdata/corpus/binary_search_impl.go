// Hand-written binary search, bisection and integer square root.
package main

import "fmt"

func search(xs []int, target int) int {
	lo, hi := 0, len(xs)-1
	for lo <= hi {
		mid := lo + (hi-lo)/2
		switch {
		case xs[mid] == target:
			return mid
		case xs[mid] < target:
			lo = mid + 1
		default:
			hi = mid - 1
		}
	}
	return -(lo + 1)
}

func isqrt(n uint64) uint64 {
	var r uint64
	for bit := uint64(1) << 62; bit > 0; bit >>= 2 {
		if n >= r+bit {
			n -= r + bit
			r = r>>1 + bit
		} else {
			r >>= 1
		}
	}
	return r
}

func bisect(f func(float64) float64, a, b float64) float64 {
	for range 60 {
		m := (a + b) / 2
		if f(a)*f(m) <= 0 {
			b = m
		} else {
			a = m
		}
	}
	return a
}

func main() {
	xs := []int{1, 3, 5, 7, 9, 11}
	for _, t := range []int{7, 1, 11, 4, 12} {
		fmt.Print(search(xs, t), " ")
	}
	fmt.Println()
	fmt.Println(isqrt(1<<40), isqrt(99), isqrt(100))
	fmt.Printf("%.6f\n", bisect(func(x float64) float64 { return x*x - 2 }, 0, 2))
}
