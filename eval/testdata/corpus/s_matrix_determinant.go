package main

import (
	"fmt"
)

func det(m [][]float64) float64 {
	n := len(m)
	if n == 1 {
		return m[0][0]
	}
	if n == 2 {
		return m[0][0]*m[1][1] - m[0][1]*m[1][0]
	}
	total := 0.0
	for c := range n {
		sub := make([][]float64, 0, n-1)
		for r := 1; r < n; r++ {
			row := append([]float64{}, m[r][:c]...)
			row = append(row, m[r][c+1:]...)
			sub = append(sub, row)
		}
		sign := 1.0
		if c%2 == 1 {
			sign = -1
		}
		total += sign * m[0][c] * det(sub)
	}
	return total
}

func main() {
	fmt.Println(det([][]float64{{1, 2}, {3, 4}}))
	fmt.Println(det([][]float64{{2, 0, 1}, {1, 3, 2}, {1, 1, 1}}))
}
