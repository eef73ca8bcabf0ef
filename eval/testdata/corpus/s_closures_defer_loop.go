package main

import (
	"fmt"
)

func main() {
	var out []string
	func() {
		for i := range 3 {
			defer func() { out = append(out, fmt.Sprint("d", i)) }()
		}
	}()
	fmt.Println(out)
	acc := func() func(int) int {
		sum := 0
		return func(x int) int {
			sum += x
			return sum
		}
	}()
	for _, v := range []int{1, 2, 3, 4} {
		fmt.Print(acc(v), " ")
	}
	fmt.Println()
}
