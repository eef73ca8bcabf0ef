package main

import (
	"fmt"
	"strconv"
	"strings"
)

type Setter[T any] interface {
	*T
	Set(string) error
}

type IntVal struct{ N int }

func (v *IntVal) Set(s string) error {
	n, err := strconv.Atoi(s)
	v.N = n
	return err
}

type Word struct{ W string }

func (w *Word) Set(s string) error { w.W = strings.ToUpper(s); return nil }

func ParseAll[T any, PT Setter[T]](in []string) ([]T, error) {
	out := make([]T, len(in))
	for i, s := range in {
		if err := PT(&out[i]).Set(s); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func Merge[T any](chans ...<-chan T) []T {
	var out []T
	for _, c := range chans {
		for v := range c {
			out = append(out, v)
		}
	}
	return out
}

func gen[T any](xs ...T) <-chan T {
	c := make(chan T, len(xs))
	for _, x := range xs {
		c <- x
	}
	close(c)
	return c
}

func Flatten[T any](xss [][]T) []T {
	if len(xss) == 0 {
		return nil
	}
	return append(append([]T{}, xss[0]...), Flatten(xss[1:])...)
}

func main() {
	type MyInt = int
	var mi MyInt = 3
	ns, err := ParseAll[IntVal]([]string{"1", "22"})
	fmt.Println(ns, err, mi)
	ws, _ := ParseAll[Word]([]string{"go", "yaegi"})
	fmt.Println(ws)
	_, err = ParseAll[IntVal]([]string{"x"})
	fmt.Println(err)
	fmt.Println(Merge(gen(1, 2), gen(3)), Merge(gen("a")))
	fmt.Println(Flatten([][]int{{1}, {2, 3}, {}}), len(Flatten[string](nil)))
}
