package main

import "fmt"

func transpose(m [][]int) [][]int {
	if len(m) == 0 {
		return nil
	}
	t := make([][]int, len(m[0]))
	for i := range t {
		t[i] = make([]int, len(m))
		for j := range m {
			t[i][j] = m[j][i]
		}
	}
	return t
}

func main() {
	m := [][]int{{1, 2, 3}, {4, 5, 6}}
	for _, row := range transpose(m) {
		fmt.Println(row)
	}
	var grid [3][3]int
	for i := range 3 {
		grid[i][i] = 1
	}
	fmt.Println(grid)
}
