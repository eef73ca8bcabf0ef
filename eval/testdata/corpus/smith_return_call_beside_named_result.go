// A return whose operand is a call of a compiled function, beside an operand that
// reads the named result the call's value goes to (return fmt.Sprint(x), len(a)):
// every operand reads the results as they were before the return, and the call's
// value is returned (yaegi patch 121; gosmith seed 831).
package main

import (
	"fmt"
	"strconv"
	"strings"
)

type N1 uint32

func quoted() (a string, b N1) {
	return fmt.Sprintf("<%q>", len(a)), N1(func() uint32 {
		return uint32(10) << (strings.Count(a, a) & 127)
	}())
}

func sprint() (a string, b int) {
	return fmt.Sprint("x"), len(a)
}

func both() (a string, b int) {
	return fmt.Sprint("x", len(a)), len(a) + strings.Count(a, "")
}

func later(s string) (n int, err error, c string) {
	c = "old"
	return len(c), nil, strings.ToUpper(c + s)
}

func first(s string) (c string, n int) {
	c = "old"
	return strings.Repeat(c, 2), len(c)
}

func atoi(s string) (n int, err error) {
	n = 5
	return strconv.Atoi(s + strconv.Itoa(n))
}

func main() {
	fmt.Println(quoted())
	fmt.Println(sprint())
	fmt.Println(both())
	fmt.Println(later("!"))
	fmt.Println(first("!"))
	fmt.Println(atoi("4"))
}
