package main

import (
	"fmt"
	"slices"
)

// A recover in a call deferred in a range-over-func loop nested in another takes the
// panic: the calls the inner loop deferred run, with the function's other deferred
// calls, when the function returns, in reverse order.

func nestedRecover() (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprint("outer:", r)
		}
	}()
	for x := range slices.Values([]string{"a", "b"}) {
		for y := range slices.Values([]int{1, 2}) {
			defer func() {
				if y == 1 && x == "a" {
					out += fmt.Sprint(" inner took ", recover())
				}
			}()
			if x == "b" && y == 2 {
				panic("pb2")
			}
		}
	}
	return "none"
}

func threeDeep() (log []string) {
	defer func() { log = append(log, fmt.Sprint("last: ", recover())) }()
	for a := range slices.Values([]int{1, 2}) {
		defer func() { log = append(log, fmt.Sprint("a", a, " ", recover())) }()
		for b := range slices.Values([]int{1, 2}) {
			for c := range slices.Values([]int{1, 2}) {
				defer func() {
					if a == 2 && b == 1 && c == 1 {
						panic(fmt.Sprint("replaced by ", a, b, c))
					}
					log = append(log, fmt.Sprint(a, b, c))
				}()
				if a == 2 && b == 2 && c == 2 {
					panic("first")
				}
			}
		}
	}
	return nil
}

func noPanic() (n int) {
	for a := range slices.Values([]int{1, 2}) {
		for b := range slices.Values([]int{10, 20}) {
			defer func() { n = n*100 + a + b; fmt.Println("recover sees", recover()) }()
		}
	}
	return 0
}

func main() {
	fmt.Println(nestedRecover())
	for _, l := range threeDeep() {
		fmt.Println(l)
	}
	fmt.Println(noPanic())
}
