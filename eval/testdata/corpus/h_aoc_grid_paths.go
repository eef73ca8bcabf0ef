package main

import (
	"fmt"
	"strings"
)

const input = `#########
#S..#...#
#.#.#.#.#
#.#...#E#
#########`

type point struct{ r, c int }

func main() {
	grid := strings.Split(input, "\n")
	var start, end point
	for r, line := range grid {
		for c, ch := range line {
			switch ch {
			case 'S':
				start = point{r, c}
			case 'E':
				end = point{r, c}
			}
		}
	}
	dist := map[point]int{start: 0}
	queue := []point{start}
	dirs := [4]point{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == end {
			break
		}
		for _, d := range dirs {
			n := point{p.r + d.r, p.c + d.c}
			if grid[n.r][n.c] == '#' {
				continue
			}
			if _, seen := dist[n]; seen {
				continue
			}
			dist[n] = dist[p] + 1
			queue = append(queue, n)
		}
	}
	fmt.Println("start", start, "end", end)
	fmt.Println("shortest:", dist[end])
	fmt.Println("visited:", len(dist))
}
