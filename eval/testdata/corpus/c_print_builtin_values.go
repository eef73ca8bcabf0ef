package main

import "fmt"

type T struct{ A int }

func total(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	println("total computed over", len(xs), "items")
	return t
}

func main() {
	var p *T
	var m map[string]int
	var s []int
	println(p == nil, m == nil, s == nil, len(s))
	println(int8(-5), uint64(1)<<63, 1e100, float32(0.5))
	println('x', "str", nil == p)
	print()
	println()
	fmt.Println("sum:", total([]int{1, 2, 3}))
	fmt.Println("only the sum line and the next are on stdout")
	fmt.Print("done\n")
}
