package main

import (
	"fmt"
	"slices"
)

type Grid [2][3]int

func main() {
	n := 3
	for i := range n {
		n = 10
		fmt.Print(i, " ")
	}
	fmt.Println(n)
	s := []int{1, 2, 3}
	for i := range s {
		s = append(s, i)
	}
	fmt.Println(s)
	for i := 0; i < len(s) && i < 8; i++ {
		if s[i]%2 == 1 {
			s = append(s, s[i]*10)
		}
	}
	fmt.Println(s)
	arr := [3]string{"a", "b", "c"}
	for i, v := range arr {
		arr[(i+1)%3] = v + v
	}
	fmt.Println(arr)
	var g Grid
	for r := range g {
		for c := range g[r] {
			g[r][c] = r*10 + c
		}
	}
	for _, row := range g {
		row[0] = -1
	}
	fmt.Println(g)
	m := map[string]int{"a": 1}
	for k, v := range m {
		m[k] = v * 100
	}
	fmt.Println(m)
	var fns []func() (int, string)
	for w := range slices.Values([]string{"x", "y"}) {
		fns = append(fns, func() (int, string) { return len(w), w })
	}
	for i, w := range slices.All([]string{"p", "q"}) {
		fns = append(fns, func() (int, string) { return i, w })
	}
	for _, f := range fns {
		fmt.Print(f())
		fmt.Print(" ")
	}
	fmt.Println()
	total := 0
	for i := range int8(5) {
		total += int(i)
		fmt.Printf("%T ", i)
	}
	fmt.Println(total)
	type ID int
	for id := range ID(2) {
		fmt.Printf("%d:%T ", id, id)
	}
	fmt.Println()
	ch := make(chan [2]int, 2)
	pair := [2]int{1, 2}
	ch <- pair
	pair[0] = 99
	ch <- pair
	close(ch)
	for p := range ch {
		fmt.Print(p)
	}
	fmt.Println()
}
