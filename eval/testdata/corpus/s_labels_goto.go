package main

import "fmt"

func main() {
	grid := [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	target := 5
	found := false
outer:
	for i, row := range grid {
		for j, v := range row {
			if v == target {
				fmt.Println("found at", i, j)
				found = true
				break outer
			}
		}
	}
	fmt.Println(found)
	n := 0
next:
	for i := range 5 {
		if i%2 == 0 {
			continue next
		}
		n += i
	}
	fmt.Println(n)
	i := 0
loop:
	if i < 3 {
		i++
		goto loop
	}
	fmt.Println(i)
}
