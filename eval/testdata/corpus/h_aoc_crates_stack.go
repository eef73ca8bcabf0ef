package main

import (
	"fmt"
	"strings"
)

const drawing = `    [D]    
[N] [C]    
[Z] [M] [P]
 1   2   3 `

const moves = `move 1 from 2 to 1
move 3 from 1 to 3
move 2 from 2 to 1
move 1 from 1 to 2`

func parse() [][]byte {
	lines := strings.Split(drawing, "\n")
	n := (len(lines[len(lines)-1]) + 1) / 4
	stacks := make([][]byte, n)
	for i := len(lines) - 2; i >= 0; i-- {
		for s := 0; s < n; s++ {
			pos := 1 + 4*s
			if pos < len(lines[i]) && lines[i][pos] != ' ' {
				stacks[s] = append(stacks[s], lines[i][pos])
			}
		}
	}
	return stacks
}

func run(stacks [][]byte, keepOrder bool) string {
	for _, line := range strings.Split(moves, "\n") {
		var n, from, to int
		fmt.Sscanf(line, "move %d from %d to %d", &n, &from, &to)
		src := stacks[from-1]
		chunk := append([]byte(nil), src[len(src)-n:]...)
		stacks[from-1] = src[:len(src)-n]
		if !keepOrder {
			for i, j := 0, len(chunk)-1; i < j; i, j = i+1, j-1 {
				chunk[i], chunk[j] = chunk[j], chunk[i]
			}
		}
		stacks[to-1] = append(stacks[to-1], chunk...)
	}
	var top strings.Builder
	for _, s := range stacks {
		if len(s) > 0 {
			top.WriteByte(s[len(s)-1])
		}
	}
	return top.String()
}

func main() {
	st := parse()
	fmt.Println(len(st), string(st[0]), string(st[1]), string(st[2]))
	fmt.Println(run(parse(), false), run(parse(), true))
}
