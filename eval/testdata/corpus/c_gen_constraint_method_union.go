package main

import (
	"fmt"
	"strconv"
)

type Number interface {
	~int | ~int64 | ~float64
}

type Labeled interface {
	~int | ~float64
	Label() string
}

type Score int

func (s Score) Label() string { return "score:" + strconv.Itoa(int(s)) }

type Weight float64

func (w Weight) Label() string { return fmt.Sprintf("%.1fkg", float64(w)) }

func Describe[T Labeled](xs []T) (string, T) {
	var sum T
	out := ""
	for _, x := range xs {
		sum += x
		out += x.Label() + " "
	}
	return out, sum
}

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

type Cents int64

func main() {
	d, total := Describe([]Score{3, 4, 5})
	fmt.Println(d, total, total.Label())
	d2, tw := Describe([]Weight{1.5, 2.25})
	fmt.Println(d2, tw.Label())
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.5), Sum[Cents](100, 250))
	fmt.Printf("%T %T\n", Sum[Cents](1), total)
}
