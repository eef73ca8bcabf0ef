package main

import "fmt"

type Celsius float64

func gt(x, y any) any { return x.(float64) > y.(float64) }

func sum(a, b int) any { return a + b }

func neg(a int) any { return -a }

func not(b bool) any { return !b }

func both(a, b int) (any, error) { return a < b, nil }

func warmer(a, b Celsius) fmt.Stringer { return label(a > b) }

type label bool

func (l label) String() string {
	if l {
		return "warmer"
	}
	return "not warmer"
}

func main() {
	fmt.Println(gt(1.0, 2.0), gt(3.0, 2.0), sum(2, 3), neg(4), not(true))
	fmt.Println(both(1, 2))
	fmt.Println(warmer(20, 10), warmer(5, 10))
	fmt.Printf("%T %T\n", gt(1.0, 0.5), sum(1, 1))
}
