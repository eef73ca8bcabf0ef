package main

import (
	"fmt"
	"sort"
)

type Coord struct{ X, Y int }

type Segment struct {
	From, To Coord
}

type Key struct {
	Name string
	Pos  [2]int
}

func main() {
	a := Coord{1, 2}
	b := Coord{1, 2}
	fmt.Println(a == b, a != Coord{2, 1})
	s1 := Segment{a, Coord{3, 4}}
	s2 := Segment{b, Coord{3, 4}}
	fmt.Println(s1 == s2)
	seen := map[Segment]int{}
	seen[s1]++
	seen[s2]++
	seen[Segment{Coord{3, 4}, a}]++
	fmt.Println(len(seen), seen[s1])
	k := map[Key]string{{"a", [2]int{1, 2}}: "first"}
	k[Key{"a", [2]int{1, 2}}] += "+again"
	k[Key{"a", [2]int{2, 1}}] = "other"
	var names []string
	for key, v := range k {
		names = append(names, fmt.Sprint(key, "=", v))
	}
	sort.Strings(names)
	fmt.Println(names)
	var x, y any = Coord{1, 1}, Coord{1, 1}
	fmt.Println(x == y)
	arrKey := map[[3]string]bool{{"a", "b", "c"}: true}
	fmt.Println(arrKey[[3]string{"a", "b", "c"}], arrKey[[3]string{"a", "b"}])
	type local struct{ v int }
	fmt.Println(local{1} == local{1})
	defer func() { fmt.Println("panic:", recover()) }()
	var f1, f2 any = []int{1}, []int{1}
	fmt.Println(f1 == f2)
}
