package main

import (
	"fmt"
	"slices"
)

func main() {
	a := make([]int, 3, 10)
	b := append(a, 4)
	c := append(a, 5)
	fmt.Println(a, b, c, len(a), cap(b))
	d := a[:2:2]
	e := append(d, 99)
	e[0] = -1
	fmt.Println(a, d, e)
	s := []int{1, 2, 3, 4, 5}
	t := s[1:3]
	t = append(t, 100)
	fmt.Println(s, t, len(t), cap(t))
	u := slices.Clone(s)
	u[0] = 0
	fmt.Println(s[0], u[0])
	n := copy(s, s[2:])
	fmt.Println(n, s)
	s = []int{1, 2, 3, 4, 5}
	copy(s[1:], s)
	fmt.Println(s)
	s = slices.Delete(s, 1, 3)
	fmt.Println(s, len(s))
	s = slices.Insert(s, 1, 7, 8)
	fmt.Println(s)
	var nilS []int
	empty := []int{}
	fmt.Println(nilS == nil, empty == nil, len(nilS), append(nilS, 1))
	grid := make([][]int, 3)
	row := make([]int, 3)
	for i := range grid {
		grid[i] = row
	}
	grid[0][0] = 9
	fmt.Println(grid)
	x := [3]int{1, 2, 3}
	y := x[:]
	y[0] = 100
	fmt.Println(x, y)
	z := x
	z[1] = 200
	fmt.Println(x, z)
	fmt.Println(slices.Compact([]int{1, 1, 2, 2, 2, 3, 1}), slices.Contains(s, 8), slices.Equal(x[:], y))
	st := []string{"a", "b"}
	for i, v := range st {
		st = append(st, v+"!")
		if i > 5 {
			break
		}
	}
	fmt.Println(st)
	ch := slices.Chunk([]int{1, 2, 3, 4, 5}, 2)
	for c := range ch {
		fmt.Print(c)
	}
	fmt.Println(slices.Repeat([]int{0, 1}, 2))
}
