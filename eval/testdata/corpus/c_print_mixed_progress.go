package main

import (
	"fmt"
	"strings"
)

func step(name string, n int) int {
	println("debug: step", name, n)
	result := 0
	for i := 1; i <= n; i++ {
		result += i * i
	}
	print("debug: result=", result, "\n")
	return result
}

func main() {
	total := 0
	for i, name := range []string{"alpha", "beta", "gamma"} {
		r := step(name, i+2)
		total += r
		fmt.Printf("%s: %d\n", name, r)
	}
	println("debug: total", total)
	fmt.Println(strings.Repeat("=", 10))
	fmt.Println("total:", total)
}
