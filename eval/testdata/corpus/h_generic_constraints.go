package main

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

type Number interface {
	~int | ~int32 | ~int64 | ~float32 | ~float64
}

type Meters float64

func SumOf[T Number](xs []T) T {
	var total T
	for _, x := range xs {
		total += x
	}
	return total
}

func MaxOf[T cmp.Ordered](first T, rest ...T) T {
	m := first
	for _, r := range rest {
		if r > m {
			m = r
		}
	}
	return m
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func Keys[K comparable, V any](m map[K]V) int { return len(m) }

func ParseAll[T any](in []string, parse func(string) (T, error)) ([]T, error) {
	out := make([]T, 0, len(in))
	for i, s := range in {
		v, err := parse(s)
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
		out = append(out, v)
	}
	return out, nil
}

func Ptr[T any](v T) *T { return &v }

func GroupBy[T any, K comparable](xs []T, key func(T) K) map[K][]T {
	g := make(map[K][]T)
	for _, x := range xs {
		k := key(x)
		g[k] = append(g[k], x)
	}
	return g
}

func main() {
	fmt.Println(SumOf([]int{1, 2, 3}), SumOf([]float64{0.5, 0.25}), SumOf([]Meters{1.5, 2}))
	fmt.Printf("%T\n", SumOf([]Meters{1}))
	fmt.Println(MaxOf(3, 9, 2), MaxOf("pear", "apple", "zoo"), MaxOf(2.5))
	evens := Filter([]int{1, 2, 3, 4, 5, 6}, func(n int) bool { return n%2 == 0 })
	fmt.Println(evens, len(Filter([]string{}, func(string) bool { return true })))
	fmt.Println(Keys(map[string]bool{"a": true}), Keys(map[int]int{}))
	nums, err := ParseAll([]string{"1", "2", "3"}, strconv.Atoi)
	fmt.Println(nums, err)
	_, err = ParseAll([]string{"1", "x"}, strconv.Atoi)
	fmt.Println(err, errors.Is(err, strconv.ErrSyntax))
	bs, _ := ParseAll([]string{"true", "0"}, strconv.ParseBool)
	fmt.Println(bs)
	p := Ptr(42)
	*p++
	fmt.Println(*p, *Ptr("s"))
	g := GroupBy(strings.Fields("apple avocado banana blueberry cherry"), func(s string) byte { return s[0] })
	fmt.Println(len(g), g['a'], g['b'], g['c'])
}
