// Range over a function: labelled break and continue to outer loops.
package main

import "fmt"

func Upto(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 1; i <= n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
outer:
	for i := range Upto(4) {
		for j := range Upto(4) {
			if j > i {
				continue outer
			}
			if i*j == 9 {
				break outer
			}
			fmt.Print(i, "x", j, " ")
		}
	}
	fmt.Println()
rows:
	for _, r := range []int{1, 2, 3} {
		for c := range Upto(3) {
			if c == r {
				continue rows
			}
			fmt.Print(r, c, ";")
		}
	}
	fmt.Println()
}
