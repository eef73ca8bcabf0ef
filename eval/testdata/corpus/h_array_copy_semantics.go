package main

import "fmt"

type Board [3][3]byte

type Game struct {
	Board Board
	Turn  int
}

func mark(b Board, r, c int) Board {
	b[r][c] = 'X'
	return b
}

func markPtr(b *Board, r, c int) {
	b[r][c] = 'O'
}

func (b Board) String() string {
	s := ""
	for _, row := range b {
		for _, cell := range row {
			if cell == 0 {
				cell = '.'
			}
			s += string(cell)
		}
		s += "/"
	}
	return s
}

func main() {
	var b Board
	b2 := mark(b, 0, 0)
	fmt.Println(b, b2)
	markPtr(&b, 1, 1)
	fmt.Println(b, b2)
	g1 := Game{Board: b}
	g2 := g1
	g2.Board[2][2] = 'X'
	g2.Turn++
	fmt.Println(g1.Board, g1.Turn, g2.Board, g2.Turn)
	arr := [4]int{1, 2, 3, 4}
	for i, v := range arr {
		arr[3] = 100
		if i == 3 {
			fmt.Println("range copy sees", v)
		}
	}
	sl := arr[:]
	for i, v := range sl {
		sl[3] = 200
		if i == 3 {
			fmt.Println("slice range sees", v)
		}
	}
	rows := [][2]int{{1, 2}, {3, 4}}
	for _, r := range rows {
		r[0] = 99
	}
	fmt.Println(rows)
	for i := range rows {
		rows[i][0] = 99
	}
	fmt.Println(rows, arr == [4]int{1, 2, 3, 200})
}
