// A condition folded to a constant (!true, 1 > 2, !!false) in a tagless switch's case
// and as an operand of || or && is false when it is false: it went on to its case's
// body or skipped the other operand (yaegi patch 119; gosmith seed 40).
package main

import "fmt"

const F = false

func early() {
	if true {
		switch {
		case !(0 < 5):
			return
		}
	}
	fmt.Println("early: not returned")
}

func main() {
	switch {
	case !true:
		fmt.Println("a: !true")
	case !false:
		fmt.Println("a: !false")
	}
	switch {
	case 1 > 2:
		fmt.Println("b: 1 > 2")
	case !!false, 2 > 1:
		fmt.Println("b: 2 > 1")
	}
	switch {
	case F:
		fmt.Println("c: F")
	case -1 > 0, !F:
		fmt.Println("c: !F")
	}
	switch {
	case false, !true:
		fmt.Println("d: case")
	default:
		fmt.Println("d: default")
	}
	switch x := 1; {
	case x > 5 || !true:
		fmt.Println("e: x > 5 || !true")
	case !true || x > 0:
		fmt.Println("e: !true || x > 0")
	}
	x := 3
	switch {
	case !false && x > 5:
		fmt.Println("f: x > 5")
	case len("ab") == 3 && x > 0:
		fmt.Println("f: len")
	case 2 < 1 || x == 3:
		fmt.Println("f: x == 3")
	}
	b := x > 2 || 1 > 2
	c := !true || x < 2
	fmt.Println("g:", b, c)
	early()
}
