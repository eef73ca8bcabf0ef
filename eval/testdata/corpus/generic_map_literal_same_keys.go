package main

import "fmt"

// Map literal keys distinct in a generic function's source that an instance makes one
// value: the later one wins, as in Go (yaegi patch 136).

func F[T, U int | int8]() map[interface{}]int {
	switch interface{}(T(0)) {
	case int(0), U(0):
		fmt.Println("case matched")
	default:
		fmt.Println("default")
	}
	return map[interface{}]int{int(0): 1, T(0): 2, U(0): 3}
}

func G[K comparable](a, b K) map[K]string {
	return map[K]string{a: "a", b: "b"}
}

func main() {
	fmt.Println(F[int, int]())
	fmt.Println(len(F[int8, int]()), F[int8, int]()[int8(0)])
	fmt.Println(len(F[int8, int8]()))
	fmt.Println(G(1, 1), G(1, 2))
}
