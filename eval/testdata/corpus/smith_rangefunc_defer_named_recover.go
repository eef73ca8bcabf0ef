package main

import (
	"fmt"
	"slices"
)

// A declared function deferred in the body of a range-over-func loop that calls
// recover takes the panic, as a deferred function does; one that does not leaves it to
// the calls deferred before it.

func helper(k int) {
	fmt.Println("helper", k, "took", recover())
}

func quiet(k int) {
	fmt.Println("quiet", k)
}

func panicker(k int) {
	panic(fmt.Sprint("from panicker ", k))
}

func taken() {
	defer func() { fmt.Println("outer", recover()) }()
	for x := range slices.Values([]int{1, 2}) {
		defer helper(x)
		if x == 2 {
			panic("p")
		}
	}
}

func left() {
	defer func() { fmt.Println("outer", recover()) }()
	for x := range slices.Values([]int{1, 2}) {
		defer quiet(x)
		if x == 2 {
			panic("q")
		}
	}
}

func replaced() {
	defer func() { fmt.Println("outer", recover()) }()
	for x := range slices.Values([]int{1, 2, 3}) {
		if x == 2 {
			defer panicker(x)
		} else {
			defer quiet(x)
		}
	}
}

func none() (n int) {
	for x := range slices.Values([]int{4, 5}) {
		defer helper(x)
		n += x
	}
	return n
}

func main() {
	taken()
	left()
	replaced()
	fmt.Println(none())
}
