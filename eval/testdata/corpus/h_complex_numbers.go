package main

import (
	"fmt"
	"math"
	"math/cmplx"
)

func mandelbrot(c complex128) int {
	z := complex(0, 0)
	for i := 0; i < 50; i++ {
		z = z*z + c
		if cmplx.Abs(z) > 2 {
			return i
		}
	}
	return 50
}

func main() {
	a := complex(3, 4)
	b := 1 - 2i
	fmt.Println(a, b, a+b, a*b, a/b, real(a), imag(b))
	fmt.Println(cmplx.Abs(a), cmplx.Conj(a), cmplx.Sqrt(-1))
	fmt.Printf("%.3f %v\n", cmplx.Exp(complex(0, math.Pi)), cmplx.Phase(1i))
	var c64 complex64 = 1.5 + 0.5i
	fmt.Println(c64*c64, real(c64))
	fmt.Printf("%T %T\n", c64, a)
	for y := 1.0; y >= -1.0; y -= 0.5 {
		var sb []byte
		for x := -2.0; x <= 0.5; x += 0.25 {
			if mandelbrot(complex(x, y)) == 50 {
				sb = append(sb, '#')
			} else {
				sb = append(sb, '.')
			}
		}
		fmt.Println(string(sb))
	}
	roots := []complex128{}
	for k := 0; k < 4; k++ {
		roots = append(roots, cmplx.Rect(1, 2*math.Pi*float64(k)/4))
	}
	for _, r := range roots {
		fmt.Printf("(%.2f,%.2f) ", real(r), imag(r))
	}
	fmt.Println()
	fmt.Println(a == complex(3, 4), cmplx.IsNaN(cmplx.NaN()), cmplx.Inf())
}
