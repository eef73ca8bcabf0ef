package main

import (
	"fmt"
	"strings"
)

const N = 6

type Grid [N][N]byte

func (g Grid) String() string {
	var b strings.Builder
	for _, row := range g {
		b.Write(row[:])
		b.WriteByte('\n')
	}
	return b.String()
}

func (g *Grid) Fill(c byte) {
	for i := range g {
		for j := range g[i] {
			g[i][j] = c
		}
	}
}

func flood(g *Grid, r, c int, from, to byte) int {
	if r < 0 || r >= N || c < 0 || c >= N || g[r][c] != from {
		return 0
	}
	g[r][c] = to
	return 1 + flood(g, r+1, c, from, to) + flood(g, r-1, c, from, to) + flood(g, r, c+1, from, to) + flood(g, r, c-1, from, to)
}

func main() {
	var g Grid
	g.Fill('.')
	walls := [][2]int{{0, 2}, {1, 2}, {2, 2}, {2, 1}, {2, 0}, {4, 4}, {4, 5}, {5, 4}}
	for _, w := range walls {
		g[w[0]][w[1]] = '#'
	}
	saved := g
	n := flood(&g, 0, 0, '.', 'a')
	m := flood(&g, 5, 5, '.', 'b')
	k := flood(&g, 3, 3, '.', 'c')
	fmt.Print(g)
	fmt.Println(n, m, k, saved == g, saved[0][0])
	rows := g[1:3]
	rows[0][0] = 'Z'
	fmt.Println(string(g[1][:]), len(rows))
	var counts [256]int
	for _, row := range g {
		for _, c := range row {
			counts[c]++
		}
	}
	fmt.Println(counts['a'], counts['b'], counts['c'], counts['#'], counts['Z'])
	t := [...]string{2: "two", 5: "five"}
	fmt.Println(len(t), t, t[2] == "two")
	matrix := [3][3]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	var tr [3][3]int
	for i := range matrix {
		for j := range matrix[i] {
			tr[j][i] = matrix[i][j]
		}
	}
	fmt.Println(tr, tr == matrix, tr[1])
	pm := &matrix
	for i, row := range pm {
		row[0] = 0
		pm[i][2] = -1
	}
	fmt.Println(matrix)
}
