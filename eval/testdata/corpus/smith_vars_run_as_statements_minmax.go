// Package variables whose initializers read other package variables (a session runs
// them as statements, in Go's initialisation order) used by functions through min and
// max: the functions' types must be known to rewrite min and max.
package main

import "fmt"

type N int64

var a N = 3
var b N = a + 1
var c = b * 10

type S struct {
	F1 uint8
	F2 string
}

var s S = S{10, fmt.Sprint(b)}

func f() N { return min(b, b+1, 7) + c }

func g() bool {
	return &s != &S{200, "go"} && s.F1 == 10
}

func main() {
	fmt.Println(f(), max(a, b), g(), s)
}
