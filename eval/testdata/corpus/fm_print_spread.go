// Operands spread from an []any into Print, Sprint and Printf: Print puts spaces only
// between operands that are not strings, whatever else the slice holds.
package main

import "fmt"

type T int

func (T) String() string { return "T" }

type P struct{ X int }

func main() {
	args := []any{"a", "b", 1, 2, T(3), "c", P{4}, nil}
	fmt.Print(args...)
	fmt.Println()
	fmt.Println(fmt.Sprint(args...))
	fmt.Println(args...)
	fmt.Printf("%s|%v|%d|%T|%v|%q|%+v|%v\n", args...)
	var none []any
	fmt.Print(none...)
	fmt.Print(nil, 1, "\n")
	fmt.Print(T(1), T(2), "\n")
}
