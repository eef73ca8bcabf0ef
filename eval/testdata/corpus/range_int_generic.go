// Range over an integer inside generic functions and with labelled loops.
package main

import "fmt"

func Repeat[T any](v T, n int) []T {
	out := make([]T, 0, n)
	for range n {
		out = append(out, v)
	}
	return out
}

func Table(n int) [][]int {
	t := make([][]int, n)
	for i := range n {
		for j := range n {
			t[i] = append(t[i], (i+1)*(j+1))
		}
	}
	return t
}

func main() {
	fmt.Println(Repeat("ab", 3), Repeat(1.5, 2))
	fmt.Println(Table(3))
outer:
	for i := range 5 {
		for j := range 5 {
			if j > i {
				continue outer
			}
			if i == 4 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
}
