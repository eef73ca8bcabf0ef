// Temperatures of named float types go through a type switch.
package main

import "fmt"

type Celsius float64
type Fahrenheit float64

func toC(v any) Celsius {
	switch t := v.(type) {
	case Celsius:
		return t
	case Fahrenheit:
		return Celsius((t - 32) * 5 / 9)
	case float64:
		fmt.Println("plain float, assuming celsius")
		return Celsius(t)
	default:
		panic(fmt.Sprintf("unexpected %T", v))
	}
}

func main() {
	readings := []any{Celsius(21.5), Fahrenheit(212), 37.0, Fahrenheit(32)}
	for _, r := range readings {
		fmt.Printf("%.1f\n", float64(toC(r)))
	}
}
