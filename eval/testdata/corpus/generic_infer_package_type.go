package main

import (
	"fmt"
	"go/constant"
	"go/token"
	"slices"
	"strings"
)

type name string

func (n name) String() string { return strings.ToUpper(string(n)) }

func first[S ~[]E, E any](s S) E {
	var out []E
	out = append(out, s...)
	return out[0]
}

func main() {
	vs := []constant.Value{constant.MakeString("b"), constant.MakeString("a")}
	slices.SortFunc(vs, func(a, b constant.Value) int {
		if constant.Compare(a, token.LSS, b) {
			return -1
		}
		return 1
	})
	fmt.Println(vs)
	ss := []fmt.Stringer{name("y"), name("x")}
	fmt.Println(first(ss), slices.Index(ss, fmt.Stringer(name("x"))))
}
