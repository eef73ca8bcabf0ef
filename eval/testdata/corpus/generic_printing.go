// Printing values of generic types, and a generic type with a String method.
package main

import (
	"fmt"
	"strings"
)

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type List[T any] struct {
	items []T
}

func (l *List[T]) Add(v T) { l.items = append(l.items, v) }

func (l *List[T]) String() string {
	parts := make([]string, len(l.items))
	for i, v := range l.items {
		parts[i] = fmt.Sprint(v)
	}
	return "List(" + strings.Join(parts, ", ") + ")"
}

func main() {
	p := Pair[string, int]{"a", 1}
	fmt.Println(p)
	fmt.Printf("%v %+v\n", p, Pair[int, []string]{2, []string{"x"}})
	ps := []Pair[string, bool]{{"x", true}, {"y", false}}
	fmt.Println(ps, len(ps))
	l := &List[int]{}
	l.Add(1)
	l.Add(2)
	fmt.Println(l.String())
	fmt.Println(l)
}
