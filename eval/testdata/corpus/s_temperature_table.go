package main

import (
	"fmt"
)

type Celsius float64
type Fahrenheit float64

func CToF(c Celsius) Fahrenheit { return Fahrenheit(c*9/5 + 32) }
func FToC(f Fahrenheit) Celsius { return Celsius((f - 32) * 5 / 9) }

func main() {
	for c := Celsius(-10); c <= 40; c += 10 {
		fmt.Printf("%6.1f°C = %6.1f°F\n", c, CToF(c))
	}
	fmt.Printf("%.2f\n", FToC(98.6))
	var f Fahrenheit = 212
	fmt.Println(FToC(f) == 100)
}
