package main

import (
	"fmt"
	"strconv"
	"strings"
)

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
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

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func GroupBy[T any, K comparable](xs []T, key func(T) K) (map[K][]T, []K) {
	m := map[K][]T{}
	var order []K
	for _, x := range xs {
		k := key(x)
		if _, ok := m[k]; !ok {
			order = append(order, k)
		}
		m[k] = append(m[k], x)
	}
	return m, order
}

type Employee struct {
	Name string
	Dept string
	Pay  int
}

func main() {
	words := strings.Fields("3 14 15 92 65 35 89 79")
	nums := Map(words, func(s string) int { n, _ := strconv.Atoi(s); return n })
	odd := Filter(nums, func(n int) bool { return n%2 == 1 })
	fmt.Println(nums, odd, Reduce(odd, 0, func(a, n int) int { return a + n }))
	fmt.Println(Reduce(words, "", func(a string, s string) string { return a + s[:1] }))
	staff := []Employee{{"ann", "eng", 120}, {"bo", "ops", 90}, {"cy", "eng", 110}, {"di", "ops", 95}}
	groups, order := GroupBy(staff, func(e Employee) string { return e.Dept })
	for _, d := range order {
		total := Reduce(groups[d], 0, func(a int, e Employee) int { return a + e.Pay })
		names := Map(groups[d], func(e Employee) string { return e.Name })
		fmt.Println(d, names, total)
	}
}
