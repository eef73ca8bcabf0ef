package main

import "fmt"

type Box[T any] struct{ V T }

func (b Box[T]) Get() T { return b.V }

type Labeled[T any] struct {
	Box[T]
	Label string
}

type Vec[T ~int | ~float64] []T

func (v Vec[T]) Sum() T {
	var s T
	for _, x := range v {
		s += x
	}
	return s
}

func (v Vec[T]) Scale(k T) Vec[T] {
	out := make(Vec[T], len(v))
	for i, x := range v {
		out[i] = x * k
	}
	return out
}

func describe(v any) string {
	switch x := v.(type) {
	case Box[int]:
		return fmt.Sprint("int box ", x.V)
	case Box[string]:
		return "string box " + x.V
	case *Box[int]:
		return "ptr int box"
	}
	return "other"
}

func Index[T comparable](xs []T, v T) int {
	for i, x := range xs {
		if x == v {
			return i
		}
	}
	return -1
}

func main() {
	l := Labeled[int]{Box[int]{7}, "seven"}
	fmt.Println(l.Get(), l.V, l.Label)
	get := l.Box.Get
	fmt.Println(get())
	v := Vec[float64]{1.5, 2.5}
	fmt.Println(v.Sum(), v.Scale(2), Vec[int]{1, 2, 3}.Scale(3).Sum())
	fmt.Println(describe(Box[int]{1}), describe(Box[string]{"s"}), describe(&Box[int]{}), describe(Box[bool]{}))
	type P = Box[int]
	fmt.Println(Index([]Box[int]{{1}, {2}}, P{2}), Index([]string{"a"}, "b"))
	m := map[Box[string]]int{{"a"}: 1}
	m[Box[string]{"a"}]++
	fmt.Println(m)
	fmt.Printf("%T %T %v\n", l, v, Box[*int]{nil})
}
