package main

import (
	"fmt"
	"strings"
)

var calls int

func idx(i int) int { calls++; return i }

type Counter struct{ hits map[string]int }

type Vec struct{ X, Y int }

func (v Vec) Scaled(k int) Vec { v.X *= k; v.Y *= k; return v }
func (v *Vec) Scale(k int)     { v.X *= k; v.Y *= k }

func zeroFirst(xs ...int) {
	if len(xs) > 0 {
		xs[0] = 0
	}
}

func sum(base int, xs ...int) int {
	for _, x := range xs {
		base += x
	}
	return base
}

func main() {
	a := []int{1, 2, 3}
	a[idx(1)] += 10
	a[idx(2)] *= a[idx(0)]
	fmt.Println(a, calls)
	m := map[string]int{}
	keys := []string{"x", "y", "x"}
	for i := range keys {
		m[keys[idx(i)]] += i + 1
	}
	fmt.Println(m, calls)
	s := map[string]string{}
	s["k"] += "a"
	s["k"] += "b"
	fmt.Println(s)
	var bits uint8 = 0b1111_0000
	bits &^= 0b0011_0000
	bits |= 1
	bits <<= 1
	bits ^= 0xFF
	fmt.Printf("%08b\n", bits)
	n := -17
	n >>= 2
	fmt.Println(n, -17/4, -17%4, 17%-4)

	nums := []int{5, 6, 7}
	zeroFirst(nums...)
	zeroFirst(nums[1:]...)
	fmt.Println(nums, sum(1), sum(1, nums...), sum(0, 1, 2))
	vs := []Vec{{1, 2}, {3, 4}}
	vs[0].Scaled(10)
	vs[1].Scale(10)
	fmt.Println(vs)
	for _, v := range vs {
		v.Scale(2)
	}
	fmt.Println(vs)
	for i := range vs {
		vs[i].Scale(2)
	}
	fmt.Println(vs, vs[0].Scaled(-1))
	pv := &vs[1]
	vs = append(vs, Vec{})
	pv.X = 0
	fmt.Println(vs[1].X != 0)
	c := Counter{hits: map[string]int{}}
	for _, w := range strings.Fields("a b a c a") {
		c.hits[w]++
	}
	fmt.Println(c.hits)
	arr := [2]Vec{{1, 1}, {2, 2}}
	arr[1].Scale(3)
	cp := arr
	cp[0].X = 100
	fmt.Println(arr, cp)
	grid := [2][2]int{}
	grid[1][0] += 5
	g2 := grid
	g2[1][0]++
	fmt.Println(grid, g2)
}
