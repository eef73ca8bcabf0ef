package main

import (
	"fmt"
	"strings"
)

func Map[T, U any](s []T, f func(T) U) []U {
	r := make([]U, len(s))
	for i, v := range s {
		r[i] = f(v)
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
	words := strings.Fields("go is fun and go is fast")
	lens := Map(words, func(s string) int { return len(s) })
	total := Reduce(lens, 0, func(a, b int) int { return a + b })
	joined := Reduce(words, "", func(a string, w string) string {
		if a == "" {
			return strings.ToUpper(w)
		}
		return a + "-" + w
	})
	fmt.Println(lens, total, joined)
}
