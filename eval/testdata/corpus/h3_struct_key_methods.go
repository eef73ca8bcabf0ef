package main

import (
	"fmt"
	"sort"
)

type Pos struct {
	R, C int
}

func (p Pos) Add(o Pos) Pos { return Pos{p.R + o.R, p.C + o.C} }

func (p Pos) String() string { return fmt.Sprintf("(%d,%d)", p.R, p.C) }

var dirs = []Pos{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

func main() {
	grid := []string{
		"#.##",
		"#..#",
		"##.#",
	}
	byKey := map[Pos]int{}
	for r, row := range grid {
		for c, ch := range row {
			if ch != '.' {
				continue
			}
			p := Pos{r, c}
			for _, d := range dirs {
				q := p.Add(d)
				if q.R >= 0 && q.R < len(grid) && q.C >= 0 && q.C < len(grid[0]) && grid[q.R][q.C] == '.' {
					byKey[p]++
				}
			}
		}
	}
	keys := make([]Pos, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].R != keys[j].R {
			return keys[i].R < keys[j].R
		}
		return keys[i].C < keys[j].C
	})
	for _, k := range keys {
		fmt.Println(k, byKey[k])
	}
	visits := map[Pos]int{}
	p := Pos{}
	for _, step := range "RRDDLU" {
		switch step {
		case 'R':
			p = p.Add(Pos{0, 1})
		case 'L':
			p = p.Add(Pos{0, -1})
		case 'D':
			p = p.Add(Pos{1, 0})
		case 'U':
			p = p.Add(Pos{-1, 0})
		}
		visits[p] += 10
		visits[p]++
	}
	fmt.Println(visits[Pos{0, 1}], visits[Pos{1, 1}], len(visits), visits)
	type Edge struct{ From, To Pos }
	edges := map[Edge]bool{{Pos{0, 0}, Pos{0, 1}}: true}
	edges[Edge{Pos{0, 1}, Pos{0, 0}}] = false
	fmt.Println(len(edges), edges[Edge{To: Pos{0, 1}}])
	set := map[Pos]struct{}{}
	set[Pos{1, 1}] = struct{}{}
	_, in := set[Pos{1, 1}.Add(Pos{})]
	fmt.Println(in, fmt.Sprint(Pos{3, 4}), []Pos{{1, 2}})
}
