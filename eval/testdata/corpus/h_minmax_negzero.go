package main

import (
	"fmt"
	"math"
)

type Temp float64

func main() {
	negz := math.Copysign(0, -1)
	fmt.Println(min(negz, 0.0, 0.0), max(0.0, negz), min(Temp(0), Temp(negz)), max("", ""), min(float32(negz), 0))
	fmt.Println(math.Signbit(min(0.0, negz, 1)), math.Signbit(max(negz, negz)), min(2, 1.5))
}
