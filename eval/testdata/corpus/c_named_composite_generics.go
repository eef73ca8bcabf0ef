// Named slice and map types with generic functions (~[]E, ~map[K]V constraints), a
// generic named slice type, sort.Slice, channels, and the nil map panic.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Tags []string
type Scores map[string]int
type Ints []int

func Map[S ~[]E, E any](s S, f func(E) E) S {
	out := make(S, 0, len(s))
	for _, v := range s {
		out = append(out, f(v))
	}
	return out
}

func Keys[M ~map[K]V, K comparable, V any](m M) []K {
	var ks []K
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func Sum[S ~[]E, E int | float64](s S) (t E) {
	for _, v := range s {
		t += v
	}
	return
}

type Stack[T any] []T

func (s *Stack[T]) Push(v T) { *s = append(*s, v) }

func main() {
	t := Tags{"a", "b"}
	up := Map(t, strings.ToUpper)
	fmt.Printf("%T %v\n", up, up)
	sc := Scores{"x": 1, "y": 2}
	ks := Keys(sc)
	sort.Strings(ks)
	fmt.Println(ks)
	fmt.Println(Sum(Ints{1, 2, 3}), Sum([]float64{1.5}))
	sort.Slice(t, func(i, j int) bool { return t[i] > t[j] })
	fmt.Println(t)
	var st Stack[int]
	st.Push(1)
	fmt.Println(st, len(st))
	var any1 any = up
	switch any1.(type) {
	case Tags:
		fmt.Println("Tags")
	case []string:
		fmt.Println("[]string")
	}
	joined := strings.Join(append([]string(t), "c"), "-")
	fmt.Println(joined)
	ch := make(chan Scores, 1)
	go func() { ch <- Scores{"z": 26} }()
	fmt.Println(<-ch)
	fn := func(s Tags) int { return len(s) }
	fmt.Println(fn([]string{"q"}))
	var nested map[string]Tags = map[string]Tags{"k": {"v"}}
	nested["k"] = append(nested["k"], "w")
	fmt.Printf("%v %T\n", nested, nested["k"])
	defer func() {
		r := recover()
		fmt.Println("recovered:", r)
	}()
	var nilMap Scores
	nilMap["x"] = 1
}
