// A generic numeric accumulator type and generic functions over maps.
package main

import (
	"fmt"
	"sort"
)

type Number interface {
	~int | ~int32 | ~int64 | ~float32 | ~float64
}

type Stats[T Number] struct {
	vals []T
}

func (s *Stats[T]) Add(v T) { s.vals = append(s.vals, v) }

func (s *Stats[T]) Sum() T {
	var t T
	for _, v := range s.vals {
		t += v
	}
	return t
}

func (s *Stats[T]) Mean() float64 {
	if len(s.vals) == 0 {
		return 0
	}
	return float64(s.Sum()) / float64(len(s.vals))
}

func SortedKeys[K int | string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

func main() {
	var s Stats[int]
	for _, v := range []int{4, 8, 15, 16, 23, 42} {
		s.Add(v)
	}
	fmt.Println(s.Sum(), s.Mean())
	f := &Stats[float64]{}
	f.Add(0.5)
	f.Add(0.25)
	fmt.Println(f.Sum(), f.Mean())
	fmt.Println(SortedKeys(map[string]bool{"z": true, "a": false, "m": true}))
	fmt.Println(SortedKeys(map[int]string{3: "c", 1: "a"}))
}
