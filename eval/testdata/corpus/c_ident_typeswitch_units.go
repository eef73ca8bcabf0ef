package main

import "fmt"

type Celsius float64
type Fahrenheit float64
type Kelvin float64

func toCelsius(v any) (Celsius, string) {
	switch t := v.(type) {
	case Celsius:
		return t, "celsius"
	case Fahrenheit:
		return Celsius((t - 32) * 5 / 9), "fahrenheit"
	case Kelvin:
		return Celsius(t - 273.15), "kelvin"
	case float64:
		return Celsius(t), "plain float"
	default:
		return 0, fmt.Sprintf("unsupported %T", v)
	}
}

func main() {
	readings := []any{Celsius(21.5), Fahrenheit(212), Kelvin(300), 18.25, 7, float32(3)}
	for _, r := range readings {
		c, how := toCelsius(r)
		fmt.Printf("%-14s -> %.2f\n", how, float64(c))
	}
	var f any = 10.0
	switch f.(type) {
	case Celsius, Fahrenheit:
		fmt.Println("a unit")
	case float64:
		fmt.Println("just a float64")
	}
}
