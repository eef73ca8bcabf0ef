package main

import "fmt"

func appendOne(s []int) []int {
	return append(s, 100)
}

func main() {
	base := make([]int, 3, 10)
	for i := range base {
		base[i] = i + 1
	}
	a := append(base, 4)
	b := append(base, 5)
	fmt.Println(a, b, a[3] == b[3])

	full := []int{1, 2, 3}
	c := append(full, 4)
	d := append(full, 5)
	fmt.Println(c, d)

	sub := base[1:2]
	fmt.Println(len(sub), cap(sub))
	sub = append(sub, 42)
	fmt.Println(base, sub)

	limited := base[1:2:2]
	limited = append(limited, 77)
	fmt.Println(base, limited, cap(limited) >= 2)

	x := []int{10, 20, 30}
	y := appendOne(x[:1])
	fmt.Println(x, y)

	var grow []int
	caps := []int{}
	last := -1
	for i := 0; i < 20; i++ {
		grow = append(grow, i)
		if cap(grow) != last {
			last = cap(grow)
			caps = append(caps, last)
		}
	}
	fmt.Println(len(caps) > 3, caps[len(caps)-1] >= 20)

	m := [][]int{{1}, {2}}
	row := m[0]
	row = append(row, 9)
	row[0] = 8
	fmt.Println(m, row)

	s := []string{"a", "b", "c", "d"}
	s = append(s[:1], s[2:]...)
	fmt.Println(s, len(s), cap(s))
	copy(s[1:], []string{"X", "Y", "Z"})
	fmt.Println(s)
	var nilS []int
	fmt.Println(nilS == nil, len(append(nilS)), append(nilS) == nil)
}
