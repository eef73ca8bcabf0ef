// min and max (and generic functions) as operands inside composite literals.
package main

import "fmt"

type Box struct {
	Lo, Hi int16
	Mask   uint8
}

func clamp[T int | int16 | float64](v, lo, hi T) T { return min(max(v, lo), hi) }

func main() {
	var a, b int16 = 300, -40
	var m uint8 = 0x5a
	boxes := []Box{
		{min(a, b) * 2, max(a, b) + 1, (min(m, 200) & 0x0f)},
		{clamp(a, 0, 100) - 1, clamp(b, 0, 100) * int16(3), max(m, 1) >> 2},
	}
	sizes := map[string]float64{"w": max(1.5, float64(a)/100) * 2, "h": clamp(2.5, 0, 1) + 1}
	fmt.Println(boxes, sizes)
}
