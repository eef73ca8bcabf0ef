package main

import (
	"fmt"
	"sort"
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

func GroupBy[T any, K comparable](xs []T, key func(T) K) map[K][]T {
	g := make(map[K][]T)
	for _, x := range xs {
		k := key(x)
		g[k] = append(g[k], x)
	}
	return g
}

type Person struct {
	Name string
	Age  int
}

func (p Person) Adult() bool { return p.Age >= 18 }

func main() {
	nums := []int{1, 2, 3, 4, 5, 6}
	evens := Filter(nums, func(n int) bool { return n%2 == 0 })
	strs := Map(evens, strconv.Itoa)
	fmt.Println(strings.Join(strs, "+"), "=", Reduce(evens, 0, func(a, n int) int { return a + n }))
	people := []Person{{"ann", 31}, {"bob", 12}, {"cy", 18}, {"di", 7}}
	adults := Filter(people, Person.Adult)
	names := Map(adults, func(p Person) string { return strings.ToUpper(p.Name) })
	fmt.Println(names, len(Map(people, Person.Adult)))
	byAdult := GroupBy(people, Person.Adult)
	fmt.Println(len(byAdult[true]), len(byAdult[false]), byAdult[false][1].Name)
	lengths := GroupBy([]string{"go", "rust", "c", "zig", "java"}, func(s string) int { return len(s) })
	keys := make([]int, 0, len(lengths))
	for k := range lengths {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		fmt.Print(k, lengths[k], " ")
	}
	fmt.Println()
	total := Reduce(people, 0.0, func(a float64, p Person) float64 { return a + float64(p.Age) })
	fmt.Printf("%.2f\n", total/float64(len(people)))
}
