package main

import (
	"fmt"
	"strings"
)

type Board [9][9]int8

func parse(s string) Board {
	var b Board
	s = strings.ReplaceAll(s, "\n", "")
	for i, c := range s {
		if c != '.' {
			b[i/9][i%9] = int8(c - '0')
		}
	}
	return b
}

func (b *Board) ok(r, c int, v int8) bool {
	for i := 0; i < 9; i++ {
		if b[r][i] == v || b[i][c] == v {
			return false
		}
	}
	br, bc := r/3*3, c/3*3
	for i := br; i < br+3; i++ {
		for j := bc; j < bc+3; j++ {
			if b[i][j] == v {
				return false
			}
		}
	}
	return true
}

var steps int

func solve(b Board) (Board, bool) {
	steps++
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			if b[r][c] != 0 {
				continue
			}
			for v := int8(1); v <= 9; v++ {
				if b.ok(r, c, v) {
					nb := b
					nb[r][c] = v
					if res, ok := solve(nb); ok {
						return res, true
					}
				}
			}
			return b, false
		}
	}
	return b, true
}

func (b Board) String() string {
	var sb strings.Builder
	for r, row := range b {
		if r%3 == 0 && r > 0 {
			sb.WriteString("------+-------+------\n")
		}
		for c, v := range row {
			if c%3 == 0 && c > 0 {
				sb.WriteString("| ")
			}
			fmt.Fprintf(&sb, "%d ", v)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func main() {
	puzzle := `53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79`
	b := parse(puzzle)
	orig := b
	res, ok := solve(b)
	fmt.Println(ok, steps > 0, b == orig, res != orig)
	fmt.Print(res)
	grid := [3][3]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	for i, row := range grid {
		grid[2][2] = 100
		row[0] = -1
		fmt.Println(i, row, grid[i][0])
	}
	for i := range grid {
		for j := range grid[i] {
			grid[i][j] *= 2
		}
	}
	fmt.Println(grid)
	arr := [5]int{1, 2, 3, 4, 5}
	for i, v := range arr {
		arr[4] = 50
		if i == 4 {
			fmt.Println("range array copy:", v)
		}
	}
	sl := arr[:]
	for i, v := range sl {
		sl[4] = 500
		if i == 4 {
			fmt.Println("range slice:", v)
		}
	}
	pa := &arr
	for i, v := range pa {
		pa[4] = 5000
		if i == 4 {
			fmt.Println("range ptr array:", v)
		}
	}
	type key [2]int
	seen := map[key]bool{{1, 2}: true}
	seen[key{3, 4}] = true
	fmt.Println(seen[key{1, 2}], seen[[2]int{3, 4}], len(seen))
}
