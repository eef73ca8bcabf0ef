package main

import (
	"fmt"
	"math"
	"math/cmplx"
)

func main() {
	z := complex(3, 4)
	fmt.Println(cmplx.Abs(z), real(z), imag(z), cmplx.Conj(z))
	w := cmplx.Sqrt(-1)
	fmt.Println(w, w*w)
	fmt.Printf("%.4f\n", cmplx.Exp(complex(0, math.Pi)))
	var c64 complex64 = 1 + 2i
	fmt.Println(c64*c64, complex(float32(1), 0) == 1)
}
