// Switch statements with an init statement and a tag that reads it, and switches with
// no clauses whose init statement and tag have effects.
package main

import (
	"fmt"
	"strings"
)

var calls int

func next() int { calls++; return calls }

func grade(score int) string {
	switch s := score / 10; s {
	case 10, 9:
		return "A"
	case 8:
		return "B"
	default:
		return "C"
	}
}

func main() {
	for _, sc := range []int{95, 81, 42, 100} {
		fmt.Print(grade(sc), " ")
	}
	fmt.Println()
	switch w := strings.Fields("a bb ccc"); len(w[1]) + len(w[2]) {
	case 5:
		fmt.Println("five")
	}
	switch _ = next(); {
	}
	switch next() {
	}
	switch n := next(); n * 2 {
	case 6:
		fmt.Println("six", calls)
	}
}
