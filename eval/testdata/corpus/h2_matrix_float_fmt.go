package main

import (
	"fmt"
	"math"
	"strconv"
)

type Matrix [][]float64

func Identity(n int) Matrix {
	m := make(Matrix, n)
	for i := range m {
		m[i] = make([]float64, n)
		m[i][i] = 1
	}
	return m
}

func (a Matrix) Mul(b Matrix) Matrix {
	r := make(Matrix, len(a))
	for i := range a {
		r[i] = make([]float64, len(b[0]))
		for j := range b[0] {
			for k := range b {
				r[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return r
}

func (a Matrix) T() Matrix {
	r := make(Matrix, len(a[0]))
	for i := range r {
		r[i] = make([]float64, len(a))
		for j := range a {
			r[i][j] = a[j][i]
		}
	}
	return r
}

func det(m Matrix) float64 {
	n := len(m)
	a := make(Matrix, n)
	for i := range m {
		a[i] = append([]float64(nil), m[i]...)
	}
	d := 1.0
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if a[p][c] == 0 {
			return 0
		}
		if p != c {
			a[p], a[c] = a[c], a[p]
			d = -d
		}
		d *= a[c][c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	return d
}

func main() {
	a := Matrix{{1, 2, 3}, {4, 5, 6}, {7, 8, 10}}
	fmt.Println(a.Mul(Identity(3)))
	fmt.Println(a.Mul(a.T()))
	fmt.Printf("%.4f %v %g %e\n", det(a), det(a), det(a), det(a))
	vals := []float64{0.1 + 0.2, 1e21, 1e20, 123456789.0, 1e-7, 0.000001, -0.0, math.Copysign(0, -1), math.Inf(1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64, 2.5, 3.5, -2.5}
	for _, v := range vals {
		fmt.Printf("%v|%g|%.3g|%8.2f|%e|%G|%s|%s\n", v, v, v, v, v, v, strconv.FormatFloat(v, 'f', -1, 64), strconv.FormatFloat(v, 'g', 5, 32))
	}
	var f32 float32 = 0.1
	fmt.Println(f32, float64(f32), f32*3, math.Round(2.5), math.Floor(-2.5), math.Trunc(-2.7), math.Mod(-7, 3), math.Remainder(7, 3))
	fmt.Println(math.Sqrt(2), math.Pow(2, 0.5), math.Hypot(3, 4), math.Log(math.E), math.Cbrt(27))
	c := complex(1, 2)
	fmt.Println(c*c, real(c), imag(c), fmt.Sprintf("%.2f", c))
}
