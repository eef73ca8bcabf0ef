package main

import (
	"fmt"
)

type Point struct{ X, Y int }

func main() {
	visited := map[Point]bool{}
	path := []Point{{0, 0}, {1, 0}, {1, 1}, {0, 0}, {2, 2}, {1, 1}}
	for _, p := range path {
		if visited[p] {
			fmt.Println("revisit", p)
		}
		visited[p] = true
	}
	fmt.Println(len(visited), Point{1, 2} == Point{1, 2})
	type key struct {
		a string
		b int
	}
	m := map[key]string{{"x", 1}: "one", {"x", 2}: "two"}
	fmt.Println(m[key{"x", 2}], len(m))
	arrKey := map[[2]int]int{{1, 2}: 3}
	fmt.Println(arrKey[[2]int{1, 2}])
}
