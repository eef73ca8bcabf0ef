package main

import (
	"fmt"
	"strconv"
)

type Number interface {
	~int | ~int64 | ~float64
}

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

type Celsius float64

func Keys[K comparable, V any](m map[K]V) int { return len(m) }

func Stringify[T fmt.Stringer](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.String()
	}
	return out
}

type ID int

func (i ID) String() string { return "#" + strconv.Itoa(int(i)) }

func main() {
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.5), Sum[Celsius](10, 20.5))
	fmt.Println(Keys(map[string]bool{"a": true}))
	fmt.Println(Stringify([]ID{1, 22}))
}
