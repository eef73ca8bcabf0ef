package main

import (
	"cmp"
	"fmt"
	"slices"
)

type Student struct {
	Name  string
	Grade int
	Age   int
}

func main() {
	ss := []Student{
		{"Ann", 90, 20}, {"Bob", 85, 22}, {"Cid", 90, 19}, {"Dee", 85, 21}, {"Eve", 70, 20},
	}
	slices.SortFunc(ss, func(a, b Student) int {
		return cmp.Or(cmp.Compare(b.Grade, a.Grade), cmp.Compare(a.Age, b.Age))
	})
	for _, s := range ss {
		fmt.Printf("%s %d %d\n", s.Name, s.Grade, s.Age)
	}
	i, found := slices.BinarySearchFunc([]int{1, 3, 5, 7}, 5, func(e, t int) int { return cmp.Compare(e, t) })
	fmt.Println(i, found)
}
