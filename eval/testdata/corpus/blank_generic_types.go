package main

import "fmt"

// Generic type declarations named _ declare nothing; the program runs around them.

type (
	_[T struct{}]                     struct{}
	_[M map[K]V, K comparable, V any] struct{}
	_[_ interface{} | int]            struct{}
	Pair[A, B any]                    struct {
		a A
		b B
	}
)

type _[T any] []T

func main() {
	fmt.Println(Pair[int, string]{1, "x"})
}
