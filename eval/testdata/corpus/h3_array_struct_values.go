package main

import "fmt"

type Cell struct {
	Name  string
	Score int
}

type Board [3]Cell

func bump(b Board) Board {
	for i := range b {
		b[i].Score += 10
	}
	return b
}

func bumpPtr(b *Board) {
	for i := range b {
		b[i].Score++
	}
}

func main() {
	var b Board
	for i, n := range []string{"a", "b", "c"} {
		b[i] = Cell{n, i}
	}
	c := b
	c[0].Name = "z"
	fmt.Println(b[0].Name, c[0].Name)

	d := bump(b)
	fmt.Println(b[1].Score, d[1].Score)

	bumpPtr(&b)
	fmt.Println(b)

	for _, cell := range b {
		cell.Score = 100
	}
	fmt.Println(b[2].Score)

	for i := range b {
		b[i].Score *= 2
	}
	fmt.Println(b)

	p := &b
	p[1] = Cell{"q", 7}
	fmt.Println(len(p), b[1])

	grid := [2][2]int{{1, 2}, {3, 4}}
	row := grid[0]
	row[0] = 99
	fmt.Println(grid, row)

	arrs := map[string][2]int{"x": {1, 2}}
	v := arrs["x"]
	v[1] = 50
	fmt.Println(arrs, v, b == c, b == *p)
	e := b
	fmt.Println(e == b)
}
