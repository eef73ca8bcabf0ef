// Pointers: new, address of composite literals, pointers to pointers, swapping.
package main

import "fmt"

type Vec struct{ X, Y float64 }

func (v *Vec) Scale(k float64) { v.X *= k; v.Y *= k }
func (v Vec) Len2() float64    { return v.X*v.X + v.Y*v.Y }

func swap(a, b *int) { *a, *b = *b, *a }

func reset(pp **Vec) { *pp = &Vec{1, 1} }

func main() {
	x, y := 1, 2
	swap(&x, &y)
	fmt.Println(x, y)
	n := new(int)
	*n = 42
	fmt.Println(*n)
	v := Vec{3, 4}
	v.Scale(2)
	fmt.Println(v, v.Len2())
	pv := &v
	pv.Scale(0.5)
	fmt.Println(pv.Len2(), (*pv).X)
	var p *Vec
	reset(&p)
	fmt.Println(*p)
	arr := [3]int{1, 2, 3}
	pa := &arr
	for i := range pa {
		pa[i] *= 2
	}
	fmt.Println(arr, len(pa))
}
