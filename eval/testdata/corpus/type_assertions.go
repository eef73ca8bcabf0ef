// Type assertions with and without ok, to concrete types and interfaces.
package main

import (
	"fmt"
	"io"
	"strings"
)

type Named interface{ Name() string }

type User struct{ name string }

func (u User) Name() string { return u.name }

func main() {
	var v any = User{"ann"}
	if n, ok := v.(Named); ok {
		fmt.Println("named", n.Name())
	}
	u := v.(User)
	fmt.Println(u.name)
	if _, ok := v.(fmt.Stringer); !ok {
		fmt.Println("not a stringer")
	}
	var r io.Reader = strings.NewReader("data")
	if sr, ok := r.(*strings.Reader); ok {
		fmt.Println("len", sr.Len())
	}
	_, isWriter := r.(io.Writer)
	fmt.Println(isWriter)
	vals := []any{1, "two", 3.0, User{"bo"}}
	for _, x := range vals {
		if s, ok := x.(string); ok {
			fmt.Println("string:", s)
		} else if n, ok := x.(int); ok {
			fmt.Println("int:", n)
		}
	}
}
