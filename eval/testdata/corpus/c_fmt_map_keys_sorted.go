package main

import "fmt"

type Level int

func (l Level) String() string { return [...]string{"debug", "info", "warn"}[l] }

type Coord struct{ X, Y int }

type Inventory map[string]int

func main() {
	counts := map[Level]int{2: 5, 0: 10, 1: 3}
	fmt.Println(counts)
	fmt.Printf("%v\n%+v\n%#v\n", counts, counts, counts)
	grid := map[Coord]rune{{1, 0}: 'b', {0, 1}: 'c', {0, 0}: 'a'}
	fmt.Println(grid)
	inv := Inventory{"pear": 2, "apple": 5, "fig": 0}
	fmt.Println(inv)
	fmt.Printf("%#v\n", inv)
	nested := map[string][]map[int]bool{"z": {{2: true, 1: false}}, "a": nil}
	fmt.Println(nested)
	ptrs := map[string]*Coord{"o": {0, 0}}
	fmt.Printf("%+v\n", *ptrs["o"])
	fmt.Println(map[bool]int{true: 1, false: 0}, map[float64]string{2.5: "b", -1: "a"})
}
