package main

import (
	"fmt"
	"strings"
)

type Grid [][]bool

func (g Grid) neighbors(r, c int) int {
	n := 0
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			rr, cc := r+dr, c+dc
			if rr >= 0 && rr < len(g) && cc >= 0 && cc < len(g[0]) && g[rr][cc] {
				n++
			}
		}
	}
	return n
}

func (g Grid) Step() Grid {
	out := make(Grid, len(g))
	for r := range g {
		out[r] = make([]bool, len(g[r]))
		for c := range g[r] {
			n := g.neighbors(r, c)
			out[r][c] = n == 3 || (g[r][c] && n == 2)
		}
	}
	return out
}

func (g Grid) String() string {
	var b strings.Builder
	for _, row := range g {
		for _, v := range row {
			if v {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func main() {
	g := Grid{
		{false, true, false, false},
		{false, true, false, false},
		{false, true, false, false},
		{false, false, false, false},
	}
	fmt.Print(g, "\n", g.Step(), "\n", g.Step().Step())
}
