package main

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

func main() {
	nan := math.NaN()
	negz := math.Copysign(0, -1)
	fmt.Println(min(1.0, nan), max(nan, 2.0), min(3, 1, 2), max("b", "abc", "a"))
	fmt.Println(min(0.0, negz), max(negz, 0.0), math.Signbit(min(0.0, negz)), math.Signbit(max(negz, 0.0)))
	x, y := 5, -3
	fmt.Println(min(x, y, 0), max(x, y, 10), min(x), max(int8(-1), int8(y)))
	fs := []float64{3, nan, 1, math.Inf(-1), 2}
	slices.Sort(fs)
	fmt.Println(fs, slices.Min([]float64{2, 1}), slices.Max([]float64{2, nan}))
	fmt.Println(cmp.Compare(nan, 1.0), cmp.Compare(1.0, nan), cmp.Compare(nan, nan), cmp.Less(nan, 0.0))
	fmt.Println(math.Min(1, nan), math.Max(negz, 0), nan == nan, nan != nan, nan < 1, !(nan >= 1))
	m := map[string]int{"a": 1, "b": 2}
	s := []int{1, 2, 3}
	clear(m)
	clear(s)
	fmt.Println(len(m), m, len(s), s)
	type P struct{ N int }
	ps := []*P{{1}, {2}}
	clear(ps)
	fmt.Println(ps[0] == nil, len(ps))
	count := 0
	mm := map[int]bool{1: true, 2: true, 3: true, 4: true}
	for k := range mm {
		delete(mm, k)
		count++
	}
	fmt.Println(count, len(mm))
	const c = min(3, 7) * max(2, 4)
	fmt.Println(c, min(2.5, 3), max('a', 'b'))
}
