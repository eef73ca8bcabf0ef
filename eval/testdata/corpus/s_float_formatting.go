package main

import "fmt"

func main() {
	fmt.Println(0.1+0.2, 1.0/3.0, float32(1.0)/3)
	fmt.Println(1e21, 1e20, 123456789.0, 0.000001234)
	fmt.Println(3.0, 2.5e-10, -0.0)
	var f32 float32 = 16777216
	fmt.Println(f32+1 == f32)
	fmt.Printf("%v %.3v %6.2f %g\n", 3.14159, 3.14159, 3.14159, 100000000.0)
	fmt.Println(complex(1, 2)*complex(3, -1), real(complex128(5)))
}
