// Complex numbers.
package main

import (
	"fmt"
	"math/cmplx"
)

func main() {
	c := complex(3, 4)
	fmt.Println(c, real(c), imag(c), cmplx.Abs(c))
	d := 1 + 2i
	fmt.Println(c*d, c+d, c/d)
	fmt.Printf("%.2f\n", cmplx.Sqrt(-1))
	var c64 complex64 = 1.5 - 0.5i
	fmt.Println(c64)
}
