// Explicitly instantiated generic functions, generic zero values and conversions.
package main

import "fmt"

func Zero[T any]() T {
	var z T
	return z
}

func Convert[From, To int | int64 | float64](xs []From) []To {
	out := make([]To, len(xs))
	for i, x := range xs {
		out[i] = To(x)
	}
	return out
}

func Ptr[T any](v T) *T { return &v }

func main() {
	fmt.Printf("%q %v %v\n", Zero[string](), Zero[int](), Zero[[]int]() == nil)
	fmt.Println(Convert[int, float64]([]int{1, 2}))
	fmt.Println(Convert[float64, int]([]float64{1.9, -2.9}))
	p := Ptr(5)
	*p++
	fmt.Println(*p, *Ptr("s"))
	f := Zero[func() int]
	fmt.Println(f() == nil)
}
