// Unit types over float64 and int, told apart in a type switch and printed with %T, %v
// and %#v.
package main

import "fmt"

type Celsius float64
type Fahrenheit float64
type Kelvin float64
type Percent int
type Flag bool
type Ratio float32

func toCelsius(v any) (Celsius, error) {
	switch t := v.(type) {
	case Celsius:
		return t, nil
	case Fahrenheit:
		return Celsius((t - 32) * 5 / 9), nil
	case Kelvin:
		return Celsius(t - 273.15), nil
	case float64:
		return Celsius(t), nil
	case int, Percent:
		return 0, fmt.Errorf("not a temperature: %T %v", t, t)
	default:
		return 0, fmt.Errorf("unknown %T", t)
	}
}

func main() {
	readings := []any{Celsius(21.5), Fahrenheit(98.6), Kelvin(300), 12.0, Percent(40), 7, Flag(true), Ratio(0.25)}
	for _, r := range readings {
		c, err := toCelsius(r)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("%-13T %6.2f -> %.2f°C\n", r, r, c)
	}
	fmt.Printf("%v %#v %T\n", readings[4], readings[4], readings[4])
	fmt.Printf("%v %#v %T\n", readings[6], readings[6], readings[6])
	fmt.Printf("%#v\n", []any{Celsius(1), Percent(2), Flag(false)})
	fmt.Printf("%#v %#v\n", map[Percent]Flag{10: true}, []Kelvin{0, 1.5})
	_, isFloat := readings[0].(float64)
	_, isC := readings[3].(Celsius)
	fmt.Println(isFloat, isC, readings[0] == any(Celsius(21.5)), readings[0] == any(21.5))
}
