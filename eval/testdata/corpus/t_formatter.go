// A type with a Format method handles its own verbs.
package main

import (
	"fmt"
	"strings"
)

type Vec struct{ X, Y float64 }

func (v Vec) Format(f fmt.State, verb rune) {
	switch verb {
	case 'v':
		if f.Flag('+') {
			fmt.Fprintf(f, "Vec{X:%g, Y:%g}", v.X, v.Y)
			return
		}
		fmt.Fprintf(f, "(%g, %g)", v.X, v.Y)
	case 's':
		fmt.Fprint(f, strings.Repeat("*", int(v.X)))
	default:
		fmt.Fprintf(f, "%%!%c(Vec)", verb)
	}
}

func main() {
	v := Vec{3, 4}
	fmt.Printf("%v\n", v)
	fmt.Printf("%+v\n", v)
	fmt.Printf("%s\n", v)
	fmt.Printf("%d\n", v)
	fmt.Println(v)
	s := fmt.Sprint([]Vec{{1, 2}})
	fmt.Println(s)
}
