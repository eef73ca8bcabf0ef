// Matrix multiplication and transposition with 2D slices.
package main

import "fmt"

type Matrix [][]float64

func New(r, c int) Matrix {
	m := make(Matrix, r)
	for i := range m {
		m[i] = make([]float64, c)
	}
	return m
}

func (a Matrix) Mul(b Matrix) Matrix {
	out := New(len(a), len(b[0]))
	for i := range a {
		for j := range b[0] {
			for k := range b {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
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

func main() {
	a := Matrix{{1, 2}, {3, 4}, {5, 6}}
	b := Matrix{{1, 0, 2}, {0, 1, 3}}
	fmt.Println(a.Mul(b))
	fmt.Println(a.T())
	for _, row := range b.T().Mul(b) {
		fmt.Printf("%5.1f\n", row)
	}
}
