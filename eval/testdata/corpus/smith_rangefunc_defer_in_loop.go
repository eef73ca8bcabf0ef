// A defer statement in the body of a range over a function, itself in a loop: the
// calls it collects run when the function returns, each pass's with the variables of
// its pass (the rewrite's list of collected calls; gosmith seed 204).
package main

import (
	"fmt"
	"slices"
)

func main() {
	func() {
		for i := 0; i < 3; i++ {
			for x := range slices.Values([]int{7, 8}) {
				defer func() { fmt.Println("A", x, i) }()
			}
		}
	}()
	func() {
		for i := 0; i < 3; i++ {
			defer func() { fmt.Println("B", i) }()
		}
	}()
	func() {
		for i := 0; i < 2; i++ {
			for x := range slices.Values([]int{7, 8}) {
				fmt.Println("C", x, i)
				func() { fmt.Println("D", x, i) }()
			}
		}
	}()
	var fs []func()
	for i := 0; i < 2; i++ {
		for x := range slices.Values([]int{7, 8}) {
			fs = append(fs, func() { fmt.Println("E", x, i) })
		}
	}
	for _, f := range fs {
		f()
	}
}
