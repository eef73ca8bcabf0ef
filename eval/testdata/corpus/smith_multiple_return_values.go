// Returns of several values: built-in calls (new, make, append) after the first result,
// named results returned in another order, and results converted to interfaces.
package main

import (
	"errors"
	"fmt"
)

type Shape interface{ Area() int }

type Square int

func (s *Square) Area() int { return int(*s) * int(*s) }

func pair() ([]int, []int) { return []int{1}, make([]int, 2) }

func boxed() (int, Shape, *string) {
	sq := Square(3)
	return 8, &sq, new(string)
}

func swap() (r, s string) {
	r, s = "r", "s"
	return s, r
}

func grow() (a []int, b []int, err error) {
	a = []int{9}
	return append(a, 1), a, errors.New("done")
}

func main() {
	fmt.Println(pair())
	n, sh, p := boxed()
	fmt.Println(n, sh.Area(), *p == "")
	fmt.Println(swap())
	fmt.Println(grow())
}
