package main

import (
	"fmt"
	"strings"
)

const sacks = `vJrwpWtwJgWrhcsFMMfFFhFp
jqHRNqRjqzjGDLGLrsFMfFZSrLrFZsSL
PmmdzqPrVvPwwTWBwg
wMqvLMZHhHMvwLHjbvcjnnSBnvTQFn
ttgJtRGJQctTZtZT
CrZsJsPPZsGzwwsLwLmpwMDw`

func priority(r rune) int {
	if r >= 'a' && r <= 'z' {
		return int(r-'a') + 1
	}
	return int(r-'A') + 27
}

type set map[rune]bool

func toSet(s string) set {
	out := set{}
	for _, r := range s {
		out[r] = true
	}
	return out
}

func (a set) intersect(b set) set {
	out := set{}
	for r := range a {
		if b[r] {
			out[r] = true
		}
	}
	return out
}

func (a set) only() rune {
	for r := range a {
		return r
	}
	return 0
}

func main() {
	lines := strings.Fields(sacks)
	part1 := 0
	for _, l := range lines {
		half := len(l) / 2
		common := toSet(l[:half]).intersect(toSet(l[half:]))
		part1 += priority(common.only())
	}
	part2 := 0
	for i := 0; i+2 < len(lines); i += 3 {
		badge := toSet(lines[i]).intersect(toSet(lines[i+1])).intersect(toSet(lines[i+2]))
		part2 += priority(badge.only())
		fmt.Print(string(badge.only()), " ")
	}
	fmt.Println()
	fmt.Println(part1, part2)
}
