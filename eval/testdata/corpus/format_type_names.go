// %T names user types as main.T, also through interfaces.
package main

import "fmt"

type ID int
type Pair struct{ A, B int }
type List []string

func show(v any) { fmt.Printf("%T\n", v) }

func main() {
	show(ID(3))
	show(Pair{})
	show(&Pair{})
	show(List{"a"})
	show([]Pair{})
	show(map[string]ID{})
	show(func(int) string { return "" })
	show(3.5)
	show(nil)
	fmt.Printf("%v %d\n", ID(5), ID(5))
}
