package main

import (
	"fmt"
	"math"
)

type Temp float64

func main() {
	fmt.Println(min(3, 1, 2), max(3, 1, 2), min(2.5, 1), max("apple", "pear", "fig"))
	fmt.Println(min(Temp(20.5), 18), max(-0.0, 0.0), min(math.Inf(1), 5))
	fmt.Println(math.IsNaN(max(1, math.NaN())), math.IsNaN(min(math.NaN(), 1)))
	const c = min(10, 3.5)
	fmt.Printf("%v %T\n", c, c)
	var x int8 = 100
	fmt.Println(max(x, 7))
	readings := []int{5, 9, 2}
	clear(readings)
	fmt.Println(readings, len(readings))
	cache := map[string]int{"a": 1, "b": 2}
	alias := cache
	clear(cache)
	fmt.Println(len(cache), len(alias))
	cache["c"] = 3
	fmt.Println(alias)
	buf := make([]byte, 3, 8)
	copy(buf, "xyz")
	clear(buf[1:])
	fmt.Printf("%q %d\n", buf, cap(buf))
}
