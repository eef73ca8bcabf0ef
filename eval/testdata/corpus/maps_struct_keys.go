// Maps with struct and array keys, and maps of slices.
package main

import "fmt"

type Coord struct{ R, C int }

func main() {
	grid := map[Coord]rune{}
	grid[Coord{0, 0}] = 'a'
	grid[Coord{1, 2}] = 'b'
	fmt.Println(len(grid), string(grid[Coord{1, 2}]))
	_, has := grid[Coord{5, 5}]
	fmt.Println(has)
	seen := map[[2]int]bool{{1, 2}: true}
	fmt.Println(seen[[2]int{1, 2}], seen[[2]int{2, 1}])
	groups := map[string][]int{}
	for i := 0; i < 6; i++ {
		k := "odd"
		if i%2 == 0 {
			k = "even"
		}
		groups[k] = append(groups[k], i)
	}
	fmt.Println(groups)
	fmt.Println(map[Coord]int{{1, 1}: 1, {0, 5}: 2})
}
