// Package cmp: Compare, Less and Or.
package main

import (
	"cmp"
	"fmt"
	"math"
)

func main() {
	fmt.Println(cmp.Compare(1, 2), cmp.Compare("b", "a"), cmp.Compare(2.0, 2.0))
	fmt.Println(cmp.Less(3, 4), cmp.Less("z", "a"))
	fmt.Println(cmp.Compare(math.NaN(), 1), cmp.Less(math.NaN(), 0))
	fmt.Println(cmp.Or(0, 0, 5, 7), cmp.Or("", "default"), cmp.Or[int]())
}
