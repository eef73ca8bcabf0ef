package main

import (
	"errors"
	"fmt"
	"strings"
)

type Shape interface{ Area() float64 }

type Rect struct{ W, H float64 }

func (r Rect) Area() float64 { return r.W * r.H }

// split returns the words and a buffer sized for them.
func split(s string) ([]string, []byte) {
	return strings.Fields(s), make([]byte, 0, len(s))
}

// stats returns a label and the count.
func stats(xs []int) (string, int) {
	return "n", len(xs)
}

func parse(s string) (Rect, error) {
	if s == "" {
		return Rect{}, errors.New("empty")
	}
	return Rect{2, 3}, nil
}

// shape converts parse's Rect to a Shape.
func shape(s string) (Shape, error) {
	return parse(s)
}

func grow(xs []int) (before int, after []int) {
	defer func() { after = append(after, -1) }()
	return len(xs), append(xs, 99)
}

func pick(ok bool) (int, any) {
	if ok {
		return 1, cap(make([]int, 2, 8))
	}
	return 0, nil
}

func main() {
	words, buf := split("a bb ccc")
	fmt.Println(words, len(buf), cap(buf))
	fmt.Println(stats([]int{4, 5, 6}))
	s, err := shape("x")
	fmt.Println(s.Area(), err)
	s, err = shape("")
	fmt.Println(s.Area(), err)
	fmt.Println(grow([]int{1, 2}))
	fmt.Println(pick(true))
	fmt.Println(pick(false))
}
