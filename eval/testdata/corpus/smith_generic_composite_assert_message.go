package main

import "fmt"

// A failed assertion, in a generic function, to a type made of its type parameters
// ([]T, map[K]V, *T, a generic type's instance) names the instance's type, as the
// runtime does, not the parameters.

type N1 string

type Box[T any] struct{ V T }

var g any = int32(3)

func try(name string, f func()) {
	defer func() { fmt.Println(name+":", recover()) }()
	f()
}

func slice[T any]() []T { return g.([]T) }

func mapOf[K comparable, V any]() map[K]V { return g.(map[K]V) }

func ptr[T any]() *T { return g.(*T) }

func box[T any]() Box[T] { return g.(Box[T]) }

func fn[T any]() func() T { return g.(func() T) }

func array[T any]() [2]T { return g.([2]T) }

func main() {
	try("slice", func() { slice[N1]() })
	try("map", func() { mapOf[string, N1]() })
	try("pointer", func() { ptr[int]() })
	try("instance", func() { box[N1]() })
	try("func", func() { fn[bool]() })
	try("array", func() { array[float64]() })
	g = []N1{"a"}
	fmt.Println(slice[N1]())
	g = Box[int]{7}
	fmt.Println(box[int]())
	_, ok := g.(Box[string])
	fmt.Println(ok)
}
