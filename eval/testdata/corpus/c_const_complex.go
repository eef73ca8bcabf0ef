package main

import (
	"fmt"
	"math"
	"math/cmplx"
)

type Impedance complex128

func (z Impedance) String() string {
	return fmt.Sprintf("%.2f∠%.1f°", cmplx.Abs(complex128(z)), cmplx.Phase(complex128(z))*180/math.Pi)
}

func main() {
	c := complex(3, 4)
	fmt.Println(c, real(c), imag(c), cmplx.Abs(c))
	fmt.Printf("%v %.2f %T\n", c*c, c/2, c)
	const ci = 2i * 2i
	fmt.Println(ci, real(ci))
	e := cmplx.Exp(complex(0, math.Pi))
	fmt.Printf("%.3f\n", e)
	z := complex(0, math.Pi)
	fmt.Println(z)
	var c64 complex64 = 1 + 2i
	fmt.Printf("%v %T\n", c64*c64, c64)
	zr := Impedance(complex(100, 100))
	fmt.Println(zr)
	roots := make([]complex128, 4)
	for k := range roots {
		roots[k] = cmplx.Rect(1, 2*math.Pi*float64(k)/4)
	}
	for _, r := range roots {
		fmt.Printf("(%.1f,%.1f) ", real(r), imag(r))
	}
	fmt.Println()
	fmt.Println(cmplx.Sqrt(-1), cmplx.Inf(), c == complex(3, 4))
}
