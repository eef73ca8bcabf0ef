package main

import (
	"fmt"
	"slices"
)

// Calls deferred in the body of a range-over-func loop run when the function returns,
// in reverse order, as deferred calls: one that panics replaces the panic, and the
// calls deferred before it still run; a recover in a later one takes the latest panic.

func eachPanics() {
	defer func() { fmt.Println("recovered:", recover()) }()
	for x := range slices.Values([]int{-1, 4, 6, 1}) {
		defer func() {
			fmt.Println("deferred", x)
			panic(x)
		}()
	}
}

func someRecover() {
	defer func() { fmt.Println("outer recovered:", recover()) }()
	for i, x := range slices.All([]string{"a", "b", "c", "d"}) {
		defer func() {
			switch i {
			case 1:
				fmt.Println("took", recover())
			case 0:
				fmt.Println("last, nothing to take:", recover())
			default:
				panic("from " + x)
			}
		}()
	}
}

func runtimeError(e []int) {
	defer func() { fmt.Println("recovered:", recover()) }()
	for k := range slices.Values([]int{2, 3}) {
		defer func() { fmt.Println("element", e[k]) }()
	}
	defer fmt.Println("after the loop")
}

func bodyPanics() {
	defer func() { fmt.Println("recovered:", recover()) }()
	for x := range slices.Values([]int{1, 2, 3}) {
		defer fmt.Println("deferred print", x)
		if x == 2 {
			defer func() { panic(fmt.Sprint("replaced at ", x)) }()
			panic("body")
		}
	}
}

func quiet() int {
	n := 0
	for x := range slices.Values([]int{1, 2, 3}) {
		defer func() { n += x; fmt.Println("quiet", x, n) }()
	}
	return n
}

func main() {
	eachPanics()
	someRecover()
	runtimeError(nil)
	bodyPanics()
	fmt.Println("quiet returned", quiet())
}
