// Printing nested values: structs in maps and slices, arrays of Stringers, pointers at
// the top level, %+v and %#v of simple values.
package main

import "fmt"

type Vec struct{ X, Y int }

func (v Vec) String() string { return fmt.Sprintf("<%d,%d>", v.X, v.Y) }

type Body struct {
	Name string
	Pos  Vec
	Tags map[string]int
}

type grid [2][2]Vec

func main() {
	b := Body{"rock", Vec{1, 2}, map[string]int{"z": 1, "a": 2}}
	fmt.Println(b)
	fmt.Printf("%+v\n", b)
	fmt.Println(&b)
	fmt.Println(map[string]Body{"k": {Name: "k"}})
	fmt.Println(grid{{{1, 1}, {2, 2}}, {{3, 3}, {4, 4}}})
	fmt.Println([]*Vec{{5, 6}})
	fmt.Printf("%#v %#v %#v\n", []int{1}, "s", map[string]bool{"t": true})
	type inner struct{ a, b int }
	fmt.Printf("%v %+v\n", []inner{{1, 2}}, map[int]inner{1: {3, 4}})
}
