package main

import "fmt"

type Box[T any] struct{ v T }

func (b Box[T]) With(T) Box[T] { return b }

func Second[T any](_ T, b T) T { return b }

func Ignore[T any](T) string { s := "ignored"; return s }

func main() {
	fmt.Println(Second(1, 2), Ignore(3.5), Box[int]{1}.With(5).v)
}
