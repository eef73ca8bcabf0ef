package main

import "fmt"

func double(a [3]int) [3]int {
	for i := range a {
		a[i] *= 2
	}
	return a
}

func main() {
	a := [3]int{1, 2, 3}
	b := double(a)
	fmt.Println(a, b, a == [3]int{1, 2, 3})
	grid := [2][2]string{{"a", "b"}, {"c", "d"}}
	g2 := grid
	g2[0][0] = "z"
	fmt.Println(grid, g2)
	counts := [26]int{}
	for _, r := range "hello" {
		counts[r-'a']++
	}
	fmt.Println(counts['l'-'a'], len(counts))
	s := [...]string{2: "c", 0: "a"}
	fmt.Println(len(s), s)
}
