// switch v := x.(type) with a binding: the variable has the case's type.
package main

import (
	"fmt"
	"strconv"
)

type Point struct{ X, Y int }

func describe(i any) string {
	switch v := i.(type) {
	case int:
		return "int " + strconv.Itoa(v*2)
	case string:
		return "string of length " + strconv.Itoa(len(v))
	case Point:
		return fmt.Sprint("point sum ", v.X+v.Y)
	case *Point:
		return fmt.Sprint("pointer to point ", v.X)
	case bool, float64:
		return fmt.Sprintf("bool or float %v", v)
	case nil:
		return "nil"
	default:
		return fmt.Sprintf("unknown %T", v)
	}
}

func main() {
	for _, x := range []any{21, "hello", Point{1, 2}, &Point{3, 4}, true, 1.5, nil, 'r'} {
		fmt.Println(describe(x))
	}
}
