// Variadic functions, passing slices with ..., and multiple return values.
package main

import (
	"fmt"
	"strings"
)

func join(sep string, parts ...string) string {
	return strings.Join(parts, sep)
}

func stats(nums ...float64) (min, max, mean float64) {
	if len(nums) == 0 {
		return
	}
	min, max = nums[0], nums[0]
	sum := 0.0
	for _, n := range nums {
		if n < min {
			min = n
		}
		if n > max {
			max = n
		}
		sum += n
	}
	mean = sum / float64(len(nums))
	return
}

func divmod(a, b int) (int, int) { return a / b, a % b }

func main() {
	fmt.Println(join("-"), join("-", "a"), join("-", "a", "b", "c"))
	parts := []string{"x", "y"}
	fmt.Println(join("+", parts...))
	fmt.Println(stats(3, 1, 4, 1, 5))
	fmt.Println(stats())
	q, r := divmod(17, 5)
	fmt.Println(q, r)
	fmt.Println(divmod(-17, 5))
	show := func(args ...any) { fmt.Println(len(args), args) }
	show()
	show(1, "a", nil)
	show([]any{1, 2}...)
}
