package main

import (
	"fmt"
	"strings"
)

type Matrix [][]float64

func New(r, c int) Matrix {
	m := make(Matrix, r)
	for i := range m {
		m[i] = make([]float64, c)
	}
	return m
}

func Identity(n int) Matrix {
	m := New(n, n)
	for i := 0; i < n; i++ {
		m[i][i] = 1
	}
	return m
}

func (a Matrix) Mul(b Matrix) (Matrix, error) {
	if len(a[0]) != len(b) {
		return nil, fmt.Errorf("shape mismatch: %dx%d * %dx%d", len(a), len(a[0]), len(b), len(b[0]))
	}
	out := New(len(a), len(b[0]))
	for i := range a {
		for j := range b[0] {
			for k := range b {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out, nil
}

func (a Matrix) T() Matrix {
	out := New(len(a[0]), len(a))
	for i, row := range a {
		for j, v := range row {
			out[j][i] = v
		}
	}
	return out
}

func (a Matrix) String() string {
	var sb strings.Builder
	for _, row := range a {
		for j, v := range row {
			if j > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%6.2f", v)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func main() {
	a := Matrix{{1, 2, 3}, {4, 5, 6}}
	b := Matrix{{7, 8}, {9, 10}, {11, 12}}
	c, err := a.Mul(b)
	fmt.Print(c, err, "\n")
	_, err = a.Mul(a)
	fmt.Println(err)
	fmt.Print(a.T())
	i3 := Identity(3)
	d, _ := a.Mul(i3)
	fmt.Println(d.String() == a.String())
	var grid [3][4]int
	for i := range grid {
		for j := range grid[i] {
			grid[i][j] = i * j
		}
	}
	fmt.Println(grid, len(grid), len(grid[0]))
	g2 := grid
	g2[2][3] = -1
	fmt.Println(grid[2][3], g2[2][3], grid == g2)
}
