package main

import (
	"fmt"
	"strings"
)

type Stack[T any] struct{ items []T }

func (s *Stack[E]) Push(v E) { s.items = append(s.items, v) }

func (s *Stack[_]) Len() int { return len(s.items) }

func (s *Stack[Elem]) Top() (top Elem, ok bool) {
	if len(s.items) == 0 {
		return
	}
	return s.items[len(s.items)-1], true
}

type Grid[T any] struct {
	cells [3][3]T
}

func (g *Grid[T]) Set(r, c int, v T) { g.cells[r][c] = v }

func (g Grid[T]) Row(r int) [3]T { return g.cells[r] }

func Concat[S ~string | ~[]byte](parts ...S) int {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	return n
}

type Path string

func Last[T any](xs []T) (last T, found bool) {
	if len(xs) > 0 {
		last, found = xs[len(xs)-1], true
	}
	return
}

func main() {
	var s Stack[string]
	_, ok := s.Top()
	s.Push("a")
	s.Push("b")
	top, ok2 := s.Top()
	fmt.Println(ok, top, ok2, s.Len())
	var g Grid[rune]
	g.Set(1, 2, 'x')
	fmt.Println(g.Row(1), string(g.Row(1)[2]))
	fmt.Println(Concat("ab", "c"), Concat([]byte("xyz")), Concat(Path("/a"), Path("/bc")))
	l, f := Last(strings.Split("a/b/c", "/"))
	_, f2 := Last([]int{})
	fmt.Println(l, f, f2)
}
