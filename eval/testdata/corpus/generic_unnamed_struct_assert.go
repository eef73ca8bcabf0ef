package main

import (
	"encoding/json"
	"fmt"
)

// An unnamed struct type with unexported fields written with a type parameter, in an
// assertion and as a type argument, is the caller's struct type.

func h[T any](x interface{}) struct{ a, b T } {
	return x.(struct{ a, b T })
}

func h2[T any](x interface{}) (struct{ a, b T }, bool) {
	v, ok := x.(struct{ a, b T })
	return v, ok
}

func id[T any](v T) T { return v }

func main() {
	fmt.Println(h[int](struct{ a, b int }{3, 5}).a)
	v, ok := h2[string](struct{ a, b string }{"x", "y"})
	fmt.Println(v.b, ok)
	_, ok = h2[int](struct{ a, b string }{"x", "y"})
	fmt.Println(ok)
	p := id(struct {
		n int
		S string
	}{1, "s"})
	b, _ := json.Marshal(p)
	fmt.Println(p.n, string(b))
}
