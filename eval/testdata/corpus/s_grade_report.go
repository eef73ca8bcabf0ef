package main

import (
	"fmt"
	"sort"
	"strings"
)

type Student struct {
	Name   string
	Scores []int
}

func (s Student) Average() float64 {
	if len(s.Scores) == 0 {
		return 0
	}
	t := 0
	for _, x := range s.Scores {
		t += x
	}
	return float64(t) / float64(len(s.Scores))
}

func main() {
	class := []Student{
		{"Ana", []int{90, 85, 77}},
		{"Ben", []int{60, 70}},
		{"Cleo", nil},
		{"Dan", []int{100, 95, 98, 99}},
	}
	sort.Slice(class, func(i, j int) bool { return class[i].Average() > class[j].Average() })
	for i, s := range class {
		fmt.Printf("%d. %-5s %6.2f %s\n", i+1, s.Name, s.Average(), strings.Repeat("*", int(s.Average()/10)))
	}
}
