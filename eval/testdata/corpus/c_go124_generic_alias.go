package main

import (
	"fmt"
	"strings"
)

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type Entry[V any] = Pair[string, V]

type List[T any] = []T

type Index[V any] = map[string]List[V]

func build(words []string) Index[int] {
	idx := Index[int]{}
	for i, w := range words {
		k := strings.ToLower(w[:1])
		idx[k] = append(idx[k], i)
	}
	return idx
}

func entries[V any](keys []string, m map[string]V) List[Entry[V]] {
	var out List[Entry[V]]
	for _, k := range keys {
		out = append(out, Entry[V]{Key: k, Val: m[k]})
	}
	return out
}

func main() {
	e := Entry[float64]{"pi", 3.14}
	var p Pair[string, float64] = e
	fmt.Printf("%+v %T\n", p, e)
	idx := build(strings.Fields("Apple avocado Banana cherry Blueberry"))
	for _, en := range entries([]string{"a", "b", "c", "d"}, idx) {
		fmt.Println(en.Key, en.Val, len(en.Val))
	}
	var l List[int] = []int{1, 2}
	l = append(l, 3)
	fmt.Printf("%v %T\n", l, l)
}
