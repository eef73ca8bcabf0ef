// Generic type inference from function arguments.
package main

import (
	"fmt"
	"strconv"
	"strings"
)

func Map[T, U any](s []T, f func(T) U) []U {
	r := make([]U, 0, len(s))
	for _, v := range s {
		r = append(r, f(v))
	}
	return r
}

func Filter[T any](s []T, keep func(T) bool) []T {
	var r []T
	for _, v := range s {
		if keep(v) {
			r = append(r, v)
		}
	}
	return r
}

func Reduce[T, A any](s []T, init A, f func(A, T) A) A {
	acc := init
	for _, v := range s {
		acc = f(acc, v)
	}
	return acc
}

func main() {
	nums := []int{1, 2, 3, 4}
	strs := Map(nums, func(n int) string { return strconv.Itoa(n * 10) })
	fmt.Println(strings.Join(strs, ","))
	fmt.Println(Map(strs, func(s string) int { return len(s) }))
	fmt.Println(Filter(nums, func(n int) bool { return n%2 == 0 }))
	fmt.Println(Reduce(nums, "", func(acc string, n int) string { return acc + strconv.Itoa(n) }))
	fmt.Println(Reduce(nums, 0.5, func(acc float64, n int) float64 { return acc + float64(n) }))
	fmt.Println(Map([]string{"a", "b"}, strings.ToUpper))
}
